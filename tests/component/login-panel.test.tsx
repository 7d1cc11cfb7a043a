import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginPanel } from "../../src/pages/login/login-panel";
import { md5Hex } from "../../src/providers/login-crypto";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { SCAN_LOGIN_ENDPOINTS } from "../../src/schema/scan-login";
import { loginUser } from "../unit/providers/login-fixtures";
import { CAPTCHA_IMAGE, fail, ok, renderAccountScreen, type ScriptedAnswer } from "./account-harness";

afterEach(() => {
  vi.useRealTimers();
});

const LOGIN_V2 = ACCOUNT_ENDPOINTS.loginV2.path;
const CAPTCHA = ACCOUNT_ENDPOINTS.getCodeV2.path;
const loggedIn = (islogin = true) => ok({ loginUser: loginUser({ islogin }), token: "tk-1" });

function renderPanel(script: Record<string, ScriptedAnswer> = {}, path = "/index") {
  const view = renderAccountScreen({ path, element: <LoginPanel />, script: { [ACCOUNT_ENDPOINTS.checkAccount.path]: fail(3002, "账号已注册"), ...script } });
  return { ...view, location: () => screen.getByLabelText("当前地址").textContent };
}

/** userEvent that also moves vitest's fake clock when a test uses one. */
const user = () => userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

async function fillPasswordLogin(u: ReturnType<typeof user>, values = { account: "13800138000", password: "abc123", captcha: "ab12" }) {
  await u.type(screen.getByLabelText("手机号或邮箱"), values.account);
  await u.type(screen.getByLabelText("密码"), values.password);
  await u.type(screen.getByLabelText("图形验证码"), values.captcha);
}

async function openCodeTab(u: ReturnType<typeof user>) {
  await u.click(screen.getByRole("tab", { name: "验证码登录" }));
  return screen.getByRole("form", { name: "验证码登录" });
}

describe("login panel", () => {
  it("offers the three modes, password first with an image captcha, and the account links", async () => {
    const { callsTo } = renderPanel();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["账号密码登录", "验证码登录", "扫码登录"]);
    expect(await screen.findByAltText("图形验证码，点击更换")).toHaveAttribute("src", CAPTCHA_IMAGE);
    expect(callsTo(CAPTCHA)[0]).toMatchObject({ method: "GET", params: { time: expect.any(Number) }, tokenless: true });
    expect(screen.getByRole("link", { name: "忘记密码" })).toHaveAttribute("href", "/user/resetPassword");
    expect(screen.getByRole("link", { name: "免费注册" })).toHaveAttribute("href", "/user/register");
    expect(screen.getByRole("link", { name: "《用户注册协议》" })).toHaveAttribute("href", "/user/agreement");
    expect(screen.getByRole("link", { name: "《隐私政策》" })).toHaveAttribute("href", "/user/privacyAgreement");
  });

  it("clicking the captcha image loads a new one", async () => {
    const { callsTo } = renderPanel();
    const u = user();
    await u.click(await screen.findByAltText("图形验证码，点击更换"));
    await waitFor(() => expect(callsTo(CAPTCHA)).toHaveLength(2));
  });

  it.each<[string, string, string]>([
    ["手机号或邮箱", "", "请输入正确的手机号或邮箱"],
    ["手机号或邮箱", "1380013", "请输入正确的手机号或邮箱"],
    ["密码", "", "请输入密码"],
    ["密码", "abcdef", "密码长度为6-18位，至少包含1个字母和1个数字"],
    ["图形验证码", "", "请输入验证码"],
    ["图形验证码", "a1", "验证码格式错误"],
  ])("password login: %s = %j shows the spec message on blur", async (label, value, message) => {
    renderPanel();
    const u = user();
    const input = screen.getByLabelText(label);
    await u.click(input);
    if (value) await u.type(input, value);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await u.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("a well-formed account is checked with the server on blur; anything but 3002 shows its message", async () => {
    const { callsTo } = renderPanel({ [ACCOUNT_ENDPOINTS.checkAccount.path]: fail(3001, "该账号尚未注册，请先注册") });
    const u = user();
    await u.type(screen.getByLabelText("手机号或邮箱"), "13800138000");
    await u.tab();
    expect(await screen.findByText("该账号尚未注册，请先注册")).toBeInTheDocument();
    expect(callsTo(ACCOUNT_ENDPOINTS.checkAccount.path)).toEqual([{ method: "GET", path: ACCOUNT_ENDPOINTS.checkAccount.path, params: { account: "13800138000" }, tokenless: true }]);
  });

  it("an existing account (3002) shows nothing", async () => {
    const { callsTo } = renderPanel();
    const u = user();
    await u.type(screen.getByLabelText("手机号或邮箱"), "someone@example.com");
    await u.tab();
    await waitFor(() => expect(callsTo(ACCOUNT_ENDPOINTS.checkAccount.path)).toHaveLength(1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("logs in with the encrypted account and MD5-then-encrypted password, stores the session and goes to /", async () => {
    const { callsTo, sessionStore, location } = renderPanel({ [LOGIN_V2]: loggedIn() });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(location()).toBe("/"));
    expect(callsTo(LOGIN_V2)[0]).toMatchObject({
      params: { encryptAccount: "rsa(13800138000)", encryptPassword: `rsa(${md5Hex("abc123")})`, vcode: "ab12", type: 0, ipAddress: "" },
      tokenless: true,
    });
    expect(sessionStore.getUser()).toMatchObject({ token: "tk-1", loginAccount: "13800138000" });
  });

  it("stays where it is when the server says islogin is false", async () => {
    const { sessionStore, location } = renderPanel({ [LOGIN_V2]: loggedIn(false) });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(sessionStore.getUser()?.token).toBe("tk-1"));
    expect(location()).toBe("/index");
  });

  it("the login button reads 登录中… and is disabled while the attempt runs, then is idle again", async () => {
    let release: (envelope: ReturnType<typeof fail>) => void = () => undefined;
    renderPanel({ [LOGIN_V2]: () => new Promise((resolve) => (release = resolve)) });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    const pending = await screen.findByRole("button", { name: /登录中…/ });
    expect(pending).toBeDisabled();
    await act(async () => release(fail(3010, "账号或密码错误")));
    expect(await screen.findByRole("button", { name: "登录" })).toBeEnabled();
  });

  it("1002: the server's message under the captcha, a new captcha and an empty captcha field", async () => {
    const { callsTo } = renderPanel({ [LOGIN_V2]: fail(1002, "图形验证码错误或已过期") });
    const u = user();
    await fillPasswordLogin(u);
    await screen.findByAltText("图形验证码，点击更换");
    await u.click(screen.getByRole("button", { name: "登录" }));
    const message = await screen.findByText("图形验证码错误或已过期");
    expect(message.closest(".hz-l-field")).toContainElement(screen.getByLabelText("图形验证码"));
    expect(screen.getByLabelText("图形验证码")).toHaveValue("");
    expect(callsTo(CAPTCHA)).toHaveLength(2);
  });

  it("another code: the total tip, gone after 3 s, and a new captcha", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = renderPanel({ [LOGIN_V2]: fail(3010, "账号或密码错误") });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("账号或密码错误")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(CAPTCHA)).toHaveLength(2));
    await advance(2_900);
    expect(screen.getByText("账号或密码错误")).toBeInTheDocument();
    await advance(200);
    expect(screen.queryByText("账号或密码错误")).not.toBeInTheDocument();
  });

  it("3011: the server's message with 修改密码 and 下次再说; 下次再说 logs in through delaysUpdatePwd", async () => {
    const { callsTo, location } = renderPanel({
      [LOGIN_V2]: fail(3011, "您的密码已长期未修改，建议立即修改"),
      [ACCOUNT_ENDPOINTS.delaysUpdatePwd.path]: loggedIn(),
    });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("您的密码已长期未修改，建议立即修改")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "修改密码" })).toBeInTheDocument();
    await u.click(within(dialog).getByRole("button", { name: "下次再说" }));
    await waitFor(() => expect(location()).toBe("/"));
    expect(callsTo(ACCOUNT_ENDPOINTS.delaysUpdatePwd.path)[0].params).toEqual({
      encryptAccount: "rsa(13800138000)",
      encryptPassword: `rsa(${md5Hex("abc123")})`,
      ipAddress: "",
      account: "13800138000",
    });
  });

  it("3011 → 修改密码 goes to /user/resetPassword", async () => {
    const { location } = renderPanel({ [LOGIN_V2]: fail(3011, "建议修改密码") });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    await u.click(await screen.findByRole("button", { name: "修改密码" }));
    await waitFor(() => expect(location()).toBe("/user/resetPassword"));
  });

  it("3012: keeps the challenge and goes to /user/verificationCode", async () => {
    const challenge = { challengeId: "ch-9", channel: "mobile", maskedTarget: "138****8000" };
    const { secondStep, location } = renderPanel({ [LOGIN_V2]: fail(3012, "请完成登录验证", challenge) });
    const u = user();
    await fillPasswordLogin(u);
    await u.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(location()).toBe("/user/verificationCode"));
    expect(secondStep.read()).toEqual(challenge);
  });

  describe("code login", () => {
    it("sending a code needs a valid account and the ticked agreement", async () => {
      const { callsTo } = renderPanel();
      const u = user();
      const form = await openCodeTab(u);
      await u.click(within(form).getByRole("button", { name: "获取验证码" }));
      expect(await within(form).findByText("请输入正确的手机号或邮箱")).toBeInTheDocument();
      expect(within(form).getByText("请勾选用户注册协议和隐私协议")).toBeInTheDocument();
      await u.type(within(form).getByLabelText("手机号或邮箱"), "13800138000");
      await u.click(within(form).getByRole("button", { name: "获取验证码" }));
      expect(await within(form).findByText("请勾选用户注册协议和隐私协议")).toBeInTheDocument();
      expect(callsTo(ACCOUNT_ENDPOINTS.sendPhoneVCode.path)).toEqual([]);
    });

    it("sends type 5 to the phone, then counts 59 s down with the button disabled, then is idle again", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { callsTo } = renderPanel({ [ACCOUNT_ENDPOINTS.sendPhoneVCode.path]: ok() });
      const u = user();
      const form = await openCodeTab(u);
      await u.type(within(form).getByLabelText("手机号或邮箱"), "13800138000");
      await u.click(within(form).getByRole("checkbox"));
      await u.click(within(form).getByRole("button", { name: "获取验证码" }));
      const counting = await within(form).findByRole("button", { name: "59秒后重新获取" });
      expect(counting).toBeDisabled();
      expect(callsTo(ACCOUNT_ENDPOINTS.sendPhoneVCode.path)).toEqual([
        { method: "GET", path: ACCOUNT_ENDPOINTS.sendPhoneVCode.path, params: { account: "13800138000", type: 5 }, tokenless: true },
      ]);
      await advance(1_000);
      expect(within(form).getByRole("button", { name: "58秒后重新获取" })).toBeDisabled();
      await advance(58_000);
      expect(within(form).getByRole("button", { name: "获取验证码" })).toBeEnabled();
    });

    it("an e-mail account gets its code by e-mail; a refusal (1005) is shown and the button stays idle", async () => {
      const { callsTo } = renderPanel({ [ACCOUNT_ENDPOINTS.sendEmailVCode.path]: fail(1005, "验证码发送过于频繁，请稍后再试") });
      const u = user();
      const form = await openCodeTab(u);
      await u.type(within(form).getByLabelText("手机号或邮箱"), "someone@example.com");
      await u.click(within(form).getByRole("checkbox"));
      await u.click(within(form).getByRole("button", { name: "获取验证码" }));
      expect(await within(form).findByText("验证码发送过于频繁，请稍后再试")).toBeInTheDocument();
      expect(within(form).getByRole("button", { name: "获取验证码" })).toBeEnabled();
      expect(callsTo(ACCOUNT_ENDPOINTS.sendEmailVCode.path)[0].params).toEqual({ account: "someone@example.com", type: 5 });
    });

    it("only requires a non-empty code, logs in with loginVcode, and keeps a failure tip on screen", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { callsTo } = renderPanel({ [LOGIN_V2]: fail(1003, "验证码错误") });
      const u = user();
      const form = await openCodeTab(u);
      await u.type(within(form).getByLabelText("手机号或邮箱"), "13800138000");
      await u.click(within(form).getByLabelText("验证码"));
      await u.tab();
      expect(await within(form).findByText("请输入验证码")).toBeInTheDocument();
      await u.type(within(form).getByLabelText("验证码"), "1");
      await u.click(within(form).getByRole("checkbox"));
      await u.click(within(form).getByRole("button", { name: "登录" }));
      expect(await within(form).findByText("验证码错误")).toBeInTheDocument();
      expect(callsTo(LOGIN_V2)[0].params).toEqual({ encryptAccount: "rsa(13800138000)", loginVcode: "1", type: 1, ipAddress: "" });
      // Spec §5 checks existence on blur in password login only: code login registers new phone numbers.
      expect(callsTo(ACCOUNT_ENDPOINTS.checkAccount.path)).toEqual([]);
      await advance(5_000);
      expect(within(form).getByText("验证码错误")).toBeInTheDocument();
    });
  });

  it("code login: 1002 adds the image captcha with the message under it; the next attempt sends it, and a failure loads a new one", async () => {
    const { callsTo } = renderPanel({
      [LOGIN_V2]: [fail(1002, "该账号近期登录失败较多，请输入图形验证码"), fail(1003, "验证码错误或已失效，请重新获取"), loggedIn()],
    });
    const u = user();
    const form = await openCodeTab(u);
    const captchasBefore = callsTo(CAPTCHA).length;
    expect(within(form).queryByLabelText("图形验证码")).not.toBeInTheDocument();
    await u.type(within(form).getByLabelText("手机号或邮箱"), "13800138000");
    await u.type(within(form).getByLabelText("验证码"), "123456");
    await u.click(within(form).getByRole("checkbox"));
    await u.click(within(form).getByRole("button", { name: "登录" }));

    const message = await within(form).findByText("该账号近期登录失败较多，请输入图形验证码");
    expect(message.closest(".hz-l-field")).toContainElement(within(form).getByLabelText("图形验证码"));
    await waitFor(() => expect(callsTo(CAPTCHA)).toHaveLength(captchasBefore + 1));
    // The captcha is now required before anything is sent.
    await u.click(within(form).getByRole("button", { name: "登录" }));
    expect(await within(form).findByText("请输入验证码")).toBeInTheDocument();
    expect(callsTo(LOGIN_V2)).toHaveLength(1);

    await u.type(within(form).getByLabelText("图形验证码"), "ab12");
    await u.click(within(form).getByRole("button", { name: "登录" }));
    expect(await within(form).findByText("验证码错误或已失效，请重新获取")).toBeInTheDocument();
    expect(callsTo(LOGIN_V2)[1].params).toEqual({ encryptAccount: "rsa(13800138000)", loginVcode: "123456", type: 1, ipAddress: "", vcode: "ab12" });
    await waitFor(() => expect(callsTo(CAPTCHA)).toHaveLength(captchasBefore + 2));
    expect(within(form).getByLabelText("图形验证码")).toHaveValue("");

    await u.type(within(form).getByLabelText("图形验证码"), "cd34");
    await u.click(within(form).getByRole("button", { name: "登录" }));
    await waitFor(() => expect(callsTo(LOGIN_V2)).toHaveLength(3));
    expect(callsTo(LOGIN_V2)[2].params).toMatchObject({ loginVcode: "123456", vcode: "cd34" });
  });

  it("scan login frames the messaging app's QR code (scan-login.test.tsx covers the rest)", async () => {
    renderPanel({ [SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl.path]: ok({ qrCodeUrl: "http://localhost/dev/wx/qr?state=s1" }) });
    const u = user();
    await u.click(screen.getByRole("tab", { name: "扫码登录" }));
    expect(await screen.findByTitle("扫码登录二维码")).toHaveAttribute("src", "http://localhost/dev/wx/qr?state=s1");
  });
});
