import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axios, { type AxiosAdapter } from "axios";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, createHttpClient } from "../../src/providers/http-client";
import { createLoginCrypto } from "../../src/providers/login-crypto";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools";
import { createOperator, OPERATOR_TEST_PASSWORD, totpCode } from "../server/support/operator";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { renderConsole, TEST_CONSOLE_REGISTRY } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

/**
 * The console's sign-in against the real server, listening on a port: the app's own HTTP client
 * (signed calls, the pending token on the second-factor calls, the operator token after), the real
 * RSA-OAEP login crypto, and codes computed from the secret the page shows, as an authenticator
 * app would. The captcha's answer is read through the development endpoint, as the e2e tests do.
 */

useDesktopMediaQueries();

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  // The browser side reads Date.now (session ages); the server's clock starts at the same time.
  t.clock.set(Date.now());
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
}, 60_000);
afterAll(() => t?.close());

/** Node's HTTP with the cookies a browser would keep (the captcha's), since jsdom's XMLHttpRequest would apply CORS here. */
function browserLikeAdapter(): AxiosAdapter {
  const send = axios.getAdapter("http");
  const jar = new Map<string, string>();
  return async (config) => {
    if (jar.size > 0) config.headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await send(config);
    for (const line of [response.headers["set-cookie"] ?? []].flat()) {
      const [pair] = String(line).split(";");
      const separator = pair.indexOf("=");
      jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1));
    }
    return response;
  };
}

function openConsole(path: string) {
  const sessionStore = createSessionStore(createMemoryStorage());
  const http = createHttpClient({
    baseURL: `${origin}/webapi`,
    sessionStore,
    getLocation: () => ({ pathname: path, search: "" }),
    navigate: () => {},
    now: t.clock.now,
    adapter: browserLikeAdapter(),
  });
  const view = renderConsole({ path, http, crypto: createLoginCrypto({ http, now: t.clock.now }), now: t.clock.now, sessionStore });
  return { ...view, http };
}

async function typeCredentials(view: ReturnType<typeof openConsole>, account: string) {
  const u = userEvent.setup();
  await screen.findByAltText("图形验证码，点击更换", undefined, { timeout: 10_000 });
  const answer = (await callEndpoint(view.http, DEV_ENDPOINTS.captchaAnswer, {})).datas.answer;
  await u.type(screen.getByLabelText("操作员账号"), account);
  await u.type(screen.getByLabelText("密码"), OPERATOR_TEST_PASSWORD);
  await u.type(screen.getByLabelText("图形验证码"), answer);
  await u.click(screen.getByRole("button", { name: "下一步" }));
  return u;
}

describe("the console's sign-in against the real server", { timeout: 60_000 }, () => {
  it("enrols an authenticator, shows the recovery codes, and signs in with a code, then with a recovery code", async () => {
    const operator = await createOperator(t, { roles: ["identityReviewer"], name: "赵六" });

    // First sign-in: the QR code and the secret, then the secret's current code.
    const first = openConsole("/console/review/exampleReview");
    await waitFor(() => expect(first.location()).toBe("/console/login"));
    let u = await typeCredentials(first, operator.account);
    expect(await screen.findByRole("heading", { name: "绑定身份验证器" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByAltText("身份验证器绑定二维码", undefined, { timeout: 10_000 })).toHaveAttribute("src", expect.stringMatching(/^data:image\/png;base64,/));
    const secret = screen.getByLabelText("身份验证器密钥").textContent!.trim();
    await u.type(screen.getByLabelText("6位动态验证码"), totpCode(t, secret, t.clock.now() - 60_000));
    await u.click(screen.getByRole("button", { name: "确认绑定" }));
    expect(await screen.findByText("动态验证码错误或已过期，请重新输入", undefined, { timeout: 10_000 })).toBeInTheDocument();
    await u.clear(screen.getByLabelText("6位动态验证码"));
    await u.type(screen.getByLabelText("6位动态验证码"), totpCode(t, secret));
    await u.click(screen.getByRole("button", { name: "确认绑定" }));
    const list = await screen.findByRole("list", { name: "恢复码" }, { timeout: 10_000 });
    const recoveryCodes = within(list).getAllByRole("listitem").map((item) => item.textContent!);
    expect(recoveryCodes).toHaveLength(10);
    await u.click(screen.getByRole("checkbox", { name: "我已妥善保存恢复码" }));
    await u.click(screen.getByRole("button", { name: "进入运营后台" }));
    await waitFor(() => expect(first.location()).toBe("/console/review/exampleReview"));
    expect(await screen.findByText("审核页面内容")).toBeInTheDocument();
    // The shell read the profile with the operator token.
    expect(await screen.findByText("赵六（" + operator.account + "）")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "操作员管理" })).not.toBeInTheDocument();

    // 退出登录, then a later sign-in with the authenticator's next code.
    u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: /退出登录/ }));
    await waitFor(() => expect(first.location()).toBe("/console/login"));
    first.unmount();
    t.clock.advance(31_000);
    const second = openConsole("/console/login");
    u = await typeCredentials(second, operator.account);
    expect(await screen.findByRole("heading", { name: "二次验证" }, { timeout: 10_000 })).toBeInTheDocument();
    await u.type(screen.getByLabelText("6位动态验证码"), totpCode(t, secret));
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    await waitFor(() => expect(second.location()).toBe("/console"));
    expect(await screen.findByText("赵六，欢迎使用衡证运营后台")).toBeInTheDocument();
    second.unmount();

    // The phone lost: a recovery code, used up by this sign-in.
    const third = openConsole("/console/login");
    u = await typeCredentials(third, operator.account);
    await u.click(await screen.findByRole("button", { name: "使用恢复码" }, { timeout: 10_000 }));
    await u.type(screen.getByLabelText("恢复码"), recoveryCodes[0]);
    await u.click(screen.getByRole("button", { name: "验证并登录" }));
    await waitFor(() => expect(third.location()).toBe("/console"));
  });
});
