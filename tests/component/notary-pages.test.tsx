import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageModalHost } from "../../src/components/message-modal";
import { createMessageModalStore } from "../../src/providers/message-modal-store";
import { NotaryLoginPage } from "../../src/pages/notary/notary-login-page";
import { NotaryShell } from "../../src/components/notary-shell/notary-shell";
import { createAccountClient } from "../../src/providers/account-client";
import { AccountServicesProvider } from "../../src/providers/account-context";
import type { HttpClient, RequestOptions } from "../../src/providers/http-client";
import { md5Hex } from "../../src/providers/login-crypto";
import { createNotaryAuth } from "../../src/providers/notary-auth";
import { createNotaryClient } from "../../src/providers/notary-client";
import { NotaryServicesProvider } from "../../src/providers/notary-context";
import { createSecondStepStorage } from "../../src/providers/second-step-storage";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { NOTARY_ENDPOINTS } from "../../src/schema/notary";
import { fakeLoginCrypto } from "../unit/providers/fake-login-crypto";
import { CAPTCHA_IMAGE, fail, ok, scriptedHttpClient, type ScriptedAnswer } from "./account-harness";
import { RefineHarness } from "./refine-harness";

// The first render of a file pays for antd's styles being built; a slow machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const NOTARY_USER = { id: 3, account: "li.si", name: "李四", officeName: "衡州市公证处" };
const LOGIN = NOTARY_ENDPOINTS.login.path;
const LOGOUT = NOTARY_ENDPOINTS.logout.path;
const INFO = NOTARY_ENDPOINTS.getNotaryInfo.path;
const CAPTCHA = ACCOUNT_ENDPOINTS.getCodeV2.path;

/** A notary screen with the real notary client and auth over scripted answers; records each call's session option. */
function renderNotaryScreen(options: { path: string; element: React.ReactNode; script?: Record<string, ScriptedAnswer>; notary?: Record<string, unknown> }) {
  const sessionStore = createSessionStore(createMemoryStorage());
  if (options.notary) sessionStore.setNotary(options.notary);
  const scripted = scriptedHttpClient({ [CAPTCHA]: ok({ codeBase64: CAPTCHA_IMAGE }), ...options.script });
  const sessions: { path: string; session: RequestOptions["session"] }[] = [];
  const http: HttpClient = {
    baseURL: "/webapi",
    get: (path, params, requestOptions = {}) => (sessions.push({ path, session: requestOptions.session }), scripted.http.get(path, params, requestOptions)),
    post: (path, body, requestOptions = {}) => (sessions.push({ path, session: requestOptions.session }), scripted.http.post(path, body, requestOptions)),
  };
  const messages = createMessageModalStore();
  const client = createNotaryClient({ http, crypto: fakeLoginCrypto });
  const notary = { client, auth: createNotaryAuth({ client, sessionStore, now: () => 1_700_000_000_000, showMessage: messages.show }) };
  const account = { client: createAccountClient({ http, crypto: fakeLoginCrypto }), secondStep: createSecondStepStorage(createMemoryStorage()) };
  render(
    <RefineHarness
      path={options.path}
      sessionStore={sessionStore}
      http={http}
      element={
        <AccountServicesProvider services={account}>
          <NotaryServicesProvider services={notary}>
            {options.element}
            <MessageModalHost store={messages} />
          </NotaryServicesProvider>
        </AccountServicesProvider>
      }
    />,
  );
  const location = () => screen.getByLabelText("当前地址").textContent;
  return { sessionStore, location, sessions, ...scripted };
}

async function fillLogin(values = { account: "Li.Si", password: "gongzheng123", captcha: "ab12" }) {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText("公证处账号"), values.account);
  await u.type(screen.getByLabelText("密码"), values.password);
  await u.type(screen.getByLabelText("图形验证码"), values.captcha);
  return u;
}

describe("notary login page", () => {
  it("signs in, stores the notary session with the login time and opens the console", async () => {
    const view = renderNotaryScreen({ path: "/info/notaryOfficeLogin", element: <NotaryLoginPage />, script: { [LOGIN]: ok({ notaryUser: NOTARY_USER, token: "ntk" }) } });
    expect(screen.getByRole("heading", { name: "公证处登录" })).toBeInTheDocument();
    expect(await screen.findByAltText("图形验证码，点击更换")).toHaveAttribute("src", CAPTCHA_IMAGE);
    const u = await fillLogin();
    await u.click(screen.getByRole("button", { name: "登录" }));

    await waitFor(() => expect(view.location()).toBe("/info/notaryRequests/requestList"));
    expect(view.callsTo(LOGIN)[0]).toMatchObject({
      method: "POST",
      params: { encryptAccount: "rsa(li.si)", encryptPassword: `rsa(${md5Hex("gongzheng123")})`, vcode: "ab12" },
      tokenless: true,
    });
    expect(view.sessionStore.getNotary()).toEqual({ ...NOTARY_USER, token: "ntk", timestamp: 1_700_000_000_000 });
    expect(view.sessionStore.getUser()).toBeNull();
  });

  it("shows the field messages of spec §5 and sends nothing", async () => {
    const view = renderNotaryScreen({ path: "/info/notaryOfficeLogin", element: <NotaryLoginPage /> });
    await userEvent.setup().click(screen.getByRole("button", { name: "登录" }));
    // Each field's message comes as its own check settles.
    for (const message of ["请输入公证处账号", "请输入密码", "请输入验证码"]) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(view.callsTo(LOGIN)).toHaveLength(0);
  });

  it("1002: the message under the captcha, a new captcha, and the button idle again", async () => {
    const view = renderNotaryScreen({
      path: "/info/notaryOfficeLogin",
      element: <NotaryLoginPage />,
      script: { [LOGIN]: fail(1002, "图形验证码错误或已过期，请重新输入") },
    });
    const u = await fillLogin();
    await u.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("图形验证码错误或已过期，请重新输入")).toBeInTheDocument();
    await waitFor(() => expect(view.callsTo(CAPTCHA)).toHaveLength(2));
    expect(screen.getByLabelText("图形验证码")).toHaveValue("");
    expect(screen.getByRole("button", { name: "登录" })).toBeEnabled();
    expect(view.location()).toBe("/info/notaryOfficeLogin");
  });

  it("another failure shows the server's message as the total tip", async () => {
    renderNotaryScreen({ path: "/info/notaryOfficeLogin", element: <NotaryLoginPage />, script: { [LOGIN]: fail(3010, "账号或密码错误") } });
    const u = await fillLogin();
    await u.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("账号或密码错误");
  });

  it("shows 登录中… and stays disabled while the answer is out", async () => {
    let answer: (envelope: ReturnType<typeof ok>) => void = () => {};
    renderNotaryScreen({ path: "/info/notaryOfficeLogin", element: <NotaryLoginPage />, script: { [LOGIN]: () => new Promise((resolve) => (answer = resolve)) } });
    const u = await fillLogin();
    await u.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("button", { name: /登录中…/ })).toBeDisabled();
    answer(fail(3010, "账号或密码错误"));
    expect(await screen.findByRole("button", { name: "登录" })).toBeEnabled();
  });

  it("a staff member still signed in goes straight to the console", async () => {
    const view = renderNotaryScreen({ path: "/info/notaryOfficeLogin", element: <NotaryLoginPage />, notary: { ...NOTARY_USER, token: "ntk", timestamp: Date.now() } });
    await waitFor(() => expect(view.location()).toBe("/info/notaryRequests/requestList"));
  });
});

/** A console page inside the console's shell. */
const CONSOLE_PAGE = (
  <NotaryShell>
    <p>页面内容</p>
  </NotaryShell>
);

describe("notary console frame", () => {
  const signedIn = { ...NOTARY_USER, name: "旧名字", token: "ntk", timestamp: Date.now() };

  it("shows office and staff name from the server, checking the notary session as it loads", async () => {
    const view = renderNotaryScreen({ path: "/info/notaryRequests/requestList", element: CONSOLE_PAGE, notary: signedIn, script: { [INFO]: ok({ notaryUser: NOTARY_USER }) } });
    expect(await screen.findByText("李四")).toBeInTheDocument();
    expect(screen.getByText("衡州市公证处")).toBeInTheDocument();
    expect(view.sessions).toContainEqual({ path: INFO, session: "notary" });
    const menu = screen.getByRole("navigation", { name: "公证处工作台导航" });
    expect(within(menu).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["公证申请", "/info/notaryRequests/requestList"],
      ["公证书查询", "/info/notaryRequests/notarialInquiry"],
      ["本处设置", "/info/notaryRequests/setting"],
      ["证据下载", "/info/notaryRequests/download"],
    ]);
    expect(screen.getByText("页面内容")).toBeInTheDocument();
  });

  it("退出登录 ends the notary session and goes to the notary login (spec §2)", async () => {
    const view = renderNotaryScreen({
      path: "/info/notaryRequests/requestList",
      element: CONSOLE_PAGE,
      notary: signedIn,
      script: { [INFO]: ok({ notaryUser: NOTARY_USER }), [LOGOUT]: ok(null) },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: /退出登录/ }));
    await waitFor(() => expect(view.location()).toBe("/info/notaryOfficeLogin"));
    expect(view.sessions).toContainEqual({ path: LOGOUT, session: "notary" });
    expect(view.sessionStore.getNotary()).toBeNull();
  });

  it("a failed logout keeps the session and shows the server's message in the message modal", async () => {
    const view = renderNotaryScreen({
      path: "/info/notaryRequests/requestList",
      element: CONSOLE_PAGE,
      notary: signedIn,
      script: { [INFO]: ok({ notaryUser: NOTARY_USER }), [LOGOUT]: fail(500, "网络异常，请稍后重试") },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: /退出登录/ }));
    expect(await screen.findByText("网络异常，请稍后重试")).toBeInTheDocument();
    expect(view.location()).toBe("/info/notaryRequests/requestList");
    expect(view.sessionStore.getNotary()).not.toBeNull();
  });
});

