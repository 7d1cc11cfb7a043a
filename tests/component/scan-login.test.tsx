import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HomeAccessPanel } from "../../src/pages/home/home-access-panel";
import { ScanCallbackPage } from "../../src/pages/login/scan-callback-page";
import { ScanLoginTab } from "../../src/pages/login/scan-login-tab";
import { BindWechatPage } from "../../src/pages/personal/bind-wechat-page";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { SCAN_LOGIN_ENDPOINTS, SCAN_STATE_TTL_MS } from "../../src/schema/scan-login";
import { loginUser } from "../unit/providers/login-fixtures";
import { fail, ok, renderAccountScreen, type ScriptedAnswer } from "./account-harness";

afterEach(() => {
  vi.useRealTimers();
});

const QR_URL = SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl.path;
const CALLBACK = SCAN_LOGIN_ENDPOINTS.callback.path;
const BIND = SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth.path;
const qrAnswer = (state = "s1") => ok({ qrCodeUrl: `http://localhost/dev/wx/qr?state=${state}` });
const location = () => screen.getByLabelText("当前地址").textContent;
const query = () => new URLSearchParams(screen.getByLabelText("当前查询").textContent ?? "");

describe("scan login tab (login mode 2)", () => {
  it("frames the QR page and sends the browser back to /wxCallBack, keeping the redirect query", async () => {
    const { callsTo } = renderAccountScreen({ path: "/index?redirect=%2Fevidences", element: <ScanLoginTab />, script: { [QR_URL]: qrAnswer() } });
    expect(await screen.findByTitle("扫码登录二维码")).toHaveAttribute("src", "http://localhost/dev/wx/qr?state=s1");
    expect(callsTo(QR_URL).at(-1)).toMatchObject({ method: "GET", tokenless: true, params: { redirectUrl: `${window.location.origin}/wxCallBack?redirect=%2Fevidences` } });
  });

  it("shows a new QR code on refresh, and on its own after five minutes says the old one expired", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = renderAccountScreen({ path: "/index", element: <ScanLoginTab />, script: { [QR_URL]: [qrAnswer("s1"), qrAnswer("s2")] } });
    await screen.findByTitle("扫码登录二维码");
    // Let the shown QR code's effects run (its expiry timer starts there), then let five minutes pass.
    await act(async () => {});
    await act(async () => {
      vi.advanceTimersByTime(SCAN_STATE_TTL_MS);
    });
    expect(screen.getByText("二维码已失效")).toBeInTheDocument();
    expect(screen.queryByTitle("扫码登录二维码")).not.toBeInTheDocument();
    const calls = callsTo(QR_URL).length;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole("button", { name: /刷新二维码/ }));
    await waitFor(() => expect(screen.getByTitle("扫码登录二维码")).toHaveAttribute("src", "http://localhost/dev/wx/qr?state=s2"));
    expect(callsTo(QR_URL)).toHaveLength(calls + 1);
  });

  it("says plainly when the server offers no scan login (5024)", async () => {
    renderAccountScreen({ path: "/index", element: <ScanLoginTab />, script: { [QR_URL]: fail(5024, "扫码登录暂未开通：服务器未配置微信开放平台应用") } });
    expect(await screen.findByText("扫码登录暂未开通：服务器未配置微信开放平台应用")).toBeInTheDocument();
    expect(screen.queryByTitle("扫码登录二维码")).not.toBeInTheDocument();
  });

  it("after a 106 says the last QR code expired", async () => {
    renderAccountScreen({ path: "/index?scanExpired=1", element: <ScanLoginTab />, script: { [QR_URL]: qrAnswer() } });
    expect(await screen.findByText("上一个二维码已失效，请扫描新的二维码登录")).toBeInTheDocument();
  });
});

describe("the /wxCallBack page", () => {
  const renderCallback = (answer: ScriptedAnswer, path = "/wxCallBack?code=c1&state=s1") =>
    renderAccountScreen({ path, element: <ScanCallbackPage />, script: { [CALLBACK]: answer } });

  it("logs in on 200 like any login: stores the session and goes to the redirect query", async () => {
    const { sessionStore, callsTo } = renderCallback(
      ok({ loginResult: { loginUser: loginUser(), token: "tk-9" }, token: "tk-9" }),
      "/wxCallBack?redirect=%2Fevidences&code=c1&state=s1",
    );
    await waitFor(() => expect(location()).toBe("/evidences"));
    expect(sessionStore.getUser()).toMatchObject({ token: "tk-9", loginAccount: "13800138000" });
    expect(callsTo(CALLBACK)).toEqual([{ method: "GET", path: CALLBACK, params: { code: "c1", state: "s1" }, tokenless: true }]);
  });

  it("opens the bind panel on 5025", async () => {
    renderCallback(fail(5025, "请绑定账号", { oauthUserId: "pending-1" }));
    await waitFor(() => expect(location()).toBe("/index"));
    expect(query().get("showBindAccount")).toBe("1");
    expect(query().get("oauthUserId")).toBe("pending-1");
  });

  it("goes back to the scan tab on 106", async () => {
    const { sessionStore } = renderCallback(fail(106, "二维码已失效，请刷新二维码后重新扫码"));
    await waitFor(() => expect(location()).toBe("/index"));
    expect(query().get("scanExpired")).toBe("1");
    expect(sessionStore.getUser()).toBeNull();
  });

  it("shows other failures and a way back, and asks nothing without code and state", async () => {
    const { callsTo } = renderCallback(ok(), "/wxCallBack?state=s1");
    expect(await screen.findByText("缺少扫码授权信息，请返回重新扫码登录")).toBeInTheDocument();
    expect(callsTo(CALLBACK)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "返回登录" }));
    expect(location()).toBe("/index");
  });
});

// Typing into antd inputs is slow in jsdom; with the other suites running beside it a form test needs more than 5 s.
describe("the bind-account panel on the home page", { timeout: 20_000 }, () => {
  const BIND_PATH = "/index?showBindAccount=1&oauthUserId=pending-1";
  const renderBindPanel = (script: Record<string, ScriptedAnswer>) =>
    renderAccountScreen({ path: BIND_PATH, element: <HomeAccessPanel />, script: { [QR_URL]: qrAnswer(), ...script } });

  async function fillAccountTab(u: ReturnType<typeof userEvent.setup>) {
    const form = screen.getByRole("form", { name: "账号绑定" });
    await u.type(within(form).getByLabelText("手机号或邮箱"), "13800138000");
    await u.type(within(form).getByLabelText("密码"), "abc123");
    await u.type(within(form).getByLabelText("图形验证码"), "ab12");
    await u.click(within(form).getByRole("checkbox"));
    await u.click(within(form).getByRole("button", { name: "绑定并登录" }));
    return form;
  }

  it("replaces the login panel with the two bind tabs; the arrow goes back to login", async () => {
    renderBindPanel({});
    expect(screen.getByText("绑定账号")).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["账号绑定", "验证码绑定"]);
    await userEvent.click(screen.getByRole("button", { name: "返回登录" }));
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["账号密码登录", "验证码登录", "扫码登录"]);
    expect(query().has("showBindAccount")).toBe(false);
  });

  it("binds by password and logs in", async () => {
    const { callsTo, sessionStore } = renderBindPanel({ [BIND]: ok({ loginUser: loginUser({ oauthUserId: "dev:x" }), token: "tk-2" }) });
    await fillAccountTab(userEvent.setup());
    await waitFor(() => expect(location()).toBe("/"));
    expect(callsTo(BIND)[0]).toMatchObject({
      tokenless: true,
      params: { oauthUserId: "pending-1", vCode: "ab12", encryptAccount: "rsa(13800138000)", encryptPassword: expect.stringMatching(/^rsa\([0-9a-f]{32}\)$/), type: 0 },
    });
    expect(sessionStore.getUser()).toMatchObject({ token: "tk-2", oauthUserId: "dev:x" });
  });

  it("puts 421 at the account field and 1002 under the captcha, reloading the captcha", async () => {
    const { callsTo } = renderBindPanel({ [BIND]: [fail(421, "账号或密码错误"), fail(1002, "图形验证码错误或已过期，请重新输入")] });
    const u = userEvent.setup();
    const form = await fillAccountTab(u);
    expect(await within(form).findByText("账号或密码错误")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(ACCOUNT_ENDPOINTS.getCodeV2.path)).toHaveLength(2));
    await u.type(within(form).getByLabelText("密码"), "4");
    await u.type(within(form).getByLabelText("图形验证码"), "cd34");
    await u.click(within(form).getByRole("button", { name: "绑定并登录" }));
    expect(await within(form).findByText("图形验证码错误或已过期，请重新输入")).toBeInTheDocument();
  });

  it("binds by code: the code is sent with type 3 and other failures show at the account field", async () => {
    const { callsTo } = renderBindPanel({
      [ACCOUNT_ENDPOINTS.sendPhoneVCode.path]: ok(),
      [BIND]: fail(106, "扫码信息已过期，请返回重新扫码登录"),
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole("tab", { name: "验证码绑定" }));
    const form = screen.getByRole("form", { name: "验证码绑定" });
    await u.type(within(form).getByLabelText("手机号或邮箱"), "13900000001");
    await u.click(within(form).getByRole("button", { name: "获取验证码" }));
    expect(await within(form).findByText("请勾选用户注册协议和隐私协议")).toBeInTheDocument();
    await u.click(within(form).getByRole("checkbox"));
    await u.click(within(form).getByRole("button", { name: "获取验证码" }));
    await waitFor(() => expect(callsTo(ACCOUNT_ENDPOINTS.sendPhoneVCode.path)[0]).toMatchObject({ params: { account: "13900000001", type: 3 }, tokenless: true }));
    await u.type(within(form).getByLabelText("验证码"), "123456");
    await u.click(within(form).getByRole("button", { name: "绑定并登录" }));
    expect(await within(form).findByText("扫码信息已过期，请返回重新扫码登录")).toBeInTheDocument();
    expect(callsTo(BIND)[0].params).toEqual({ oauthUserId: "pending-1", vCode: "123456", encryptAccount: "rsa(13900000001)", type: 1 });
  });

  it("is not shown without an oauthUserId", () => {
    renderAccountScreen({ path: "/index?showBindAccount=1", element: <HomeAccessPanel /> });
    expect(screen.queryByText("绑定账号")).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "账号密码登录" })).toBeInTheDocument();
  });
});

describe("the bindWechat page of the security centre", () => {
  const user = { ...loginUser(), token: "tk-1", timestamp: Date.now() };
  const STATE = SCAN_LOGIN_ENDPOINTS.bindState.path;

  it("offers binding through a QR code in a modal that returns to this page", async () => {
    const { callsTo } = renderAccountScreen({
      path: "/personal/securityCenter/bindWechat",
      element: <BindWechatPage />,
      user,
      script: { [STATE]: ok({ isBound: false, providerName: "微信" }), [SCAN_LOGIN_ENDPOINTS.getBindQrUrl.path]: qrAnswer("b1") },
    });
    await userEvent.click(await screen.findByRole("button", { name: "绑定微信" }));
    expect(await screen.findByTitle("扫码登录二维码")).toHaveAttribute("src", "http://localhost/dev/wx/qr?state=b1");
    expect(callsTo(SCAN_LOGIN_ENDPOINTS.getBindQrUrl.path)[0]).toMatchObject({ tokenless: false, params: { redirectUrl: `${window.location.origin}/personal/securityCenter/bindWechat` } });
  });

  it("finishes the binding with the returned code and state, and keeps the stored user right", async () => {
    const { callsTo, sessionStore } = renderAccountScreen({
      path: "/personal/securityCenter/bindWechat?code=c1&state=b1",
      element: <BindWechatPage />,
      user,
      script: {
        [SCAN_LOGIN_ENDPOINTS.bindCurrentAccount.path]: ok({ loginUser: loginUser({ oauthUserId: "dev:x" }) }),
        [STATE]: ok({ isBound: true, providerName: "微信（开发环境模拟）" }),
      },
    });
    expect(await screen.findByText("绑定成功，以后可以用微信扫码登录本账号")).toBeInTheDocument();
    expect(await screen.findByText("已绑定微信（开发环境模拟）")).toBeInTheDocument();
    expect(callsTo(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount.path)).toHaveLength(1);
    expect(callsTo(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount.path)[0].params).toEqual({ code: "c1", state: "b1" });
    expect(sessionStore.getUser()).toMatchObject({ token: "tk-1", oauthUserId: "dev:x" });
    expect(query().toString()).toBe("");
  });

  it("unbinds only after a confirmation", async () => {
    const { callsTo } = renderAccountScreen({
      path: "/personal/securityCenter/bindWechat",
      element: <BindWechatPage />,
      user,
      script: {
        [STATE]: [ok({ isBound: true, providerName: "微信" }), ok({ isBound: false, providerName: "微信" })],
        [SCAN_LOGIN_ENDPOINTS.unbind.path]: ok({ loginUser: loginUser() }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "解除绑定" }));
    expect(await screen.findByText("解除后将不能再用该微信扫码登录本账号。确定解除绑定吗？")).toBeInTheDocument();
    expect(callsTo(SCAN_LOGIN_ENDPOINTS.unbind.path)).toEqual([]);
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "解除绑定" }));
    expect(await screen.findByText("已解除绑定")).toBeInTheDocument();
    expect(await screen.findByText("未绑定微信")).toBeInTheDocument();
    expect(callsTo(SCAN_LOGIN_ENDPOINTS.unbind.path)).toHaveLength(1);
  });
});
