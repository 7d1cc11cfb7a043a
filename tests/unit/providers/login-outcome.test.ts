import { describe, expect, it } from "vitest";
import { decideLoginOutcome, INCOMPLETE_ANSWER_MESSAGE, type LoginMode } from "../../../src/providers/login-outcome";
import type { Envelope } from "../../../src/schema/envelope";
import { loginUser } from "./login-fixtures";

const PASSWORD: LoginMode = 0;
const CODE: LoginMode = 1;

const envelope = (code: number, message: string, datas: unknown = null): Envelope<unknown> => ({ code, message, datas });

describe("decideLoginOutcome (spec §8)", () => {
  it("200 with islogin: logged in, and on to the post-login path", () => {
    const datas = { loginUser: loginUser(), token: "tk" };
    expect(decideLoginOutcome(envelope(200, "成功", datas), PASSWORD)).toEqual({ kind: "loggedIn", result: datas, shouldRedirect: true });
  });

  it("200 without islogin: logged in, but no redirect (spec §4)", () => {
    const datas = { loginUser: loginUser({ islogin: false }), token: "tk" };
    expect(decideLoginOutcome(envelope(200, "成功", datas), CODE)).toEqual({ kind: "loggedIn", result: datas, shouldRedirect: false });
  });

  it("200 with a malformed answer is a failure, not a half-stored session", () => {
    expect(decideLoginOutcome(envelope(200, "成功", { token: "tk" }), PASSWORD)).toMatchObject({ kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE });
  });

  it.each([PASSWORD, CODE])("3011 asks about the password with the server's message (mode %i)", (mode) => {
    expect(decideLoginOutcome(envelope(3011, "您的密码已超过90天未修改，建议立即修改"), mode)).toEqual({
      kind: "passwordUpdateDue",
      message: "您的密码已超过90天未修改，建议立即修改",
    });
  });

  it("3012 leads to the second step with the challenge", () => {
    const challenge = { challengeId: "ch-1", channel: "mobile", maskedTarget: "138****8000" };
    expect(decideLoginOutcome(envelope(3012, "需要验证", challenge), PASSWORD)).toEqual({ kind: "secondStep", challenge });
    expect(decideLoginOutcome(envelope(3012, "需要验证", { challengeId: "ch-1" }), PASSWORD)).toMatchObject({ kind: "failed" });
  });

  it("1002 in password login: the message under the captcha", () => {
    expect(decideLoginOutcome(envelope(1002, "图形验证码错误"), PASSWORD)).toEqual({ kind: "captchaInvalid", message: "图形验证码错误" });
  });

  it.each<[string, LoginMode, { autoHideTip: boolean; reloadCaptcha: boolean }]>([
    ["password login: the tip hides itself and the captcha reloads", PASSWORD, { autoHideTip: true, reloadCaptcha: true }],
    ["code login: the tip stays, there is no captcha", CODE, { autoHideTip: false, reloadCaptcha: false }],
  ])("any other code is a total tip — %s", (_case, mode, expected) => {
    expect(decideLoginOutcome(envelope(3010, "账号或密码错误"), mode)).toEqual({ kind: "failed", code: 3010, message: "账号或密码错误", ...expected });
    expect(decideLoginOutcome(envelope(500, "网络异常，请稍后重试"), mode)).toMatchObject({ kind: "failed", code: 500 });
  });

  it("1002 in code login asks for the image captcha, with the message under it", () => {
    expect(decideLoginOutcome(envelope(1002, "请输入图形验证码"), CODE)).toEqual({ kind: "captchaInvalid", message: "请输入图形验证码" });
  });
});
