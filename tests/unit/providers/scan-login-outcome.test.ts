import { describe, expect, it } from "vitest";
import { INCOMPLETE_ANSWER_MESSAGE } from "../../../src/providers/login-outcome";
import { decideScanCallback } from "../../../src/providers/scan-login-outcome";
import { loginUser } from "./login-fixtures";

const envelope = (code: number, datas: unknown = null, message = "消息") => ({ code, message, datas });

describe("decideScanCallback (spec §8 scan callback)", () => {
  it("200: logged in like any login, going on only when islogin", () => {
    const result = { loginUser: loginUser(), token: "tk" };
    expect(decideScanCallback(envelope(200, { loginResult: result, token: "tk" }))).toEqual({ kind: "loggedIn", result, shouldRedirect: true });
    const stay = { loginUser: loginUser({ islogin: false }), token: "tk" };
    expect(decideScanCallback(envelope(200, { loginResult: stay, token: "tk" }))).toMatchObject({ kind: "loggedIn", shouldRedirect: false });
  });

  it.each([
    [envelope(5025, { oauthUserId: "p1" }), { kind: "bindRequired", oauthUserId: "p1" }],
    [envelope(106, null, "二维码已失效"), { kind: "scanExpired", message: "二维码已失效" }],
    [envelope(500, null, "网络异常，请稍后重试"), { kind: "failed", message: "网络异常，请稍后重试" }],
    [envelope(200, { token: "tk" }), { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE }],
    [envelope(5025, {}), { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE }],
  ])("%j → %j", (answer, step) => {
    expect(decideScanCallback(answer)).toEqual(step);
  });
});
