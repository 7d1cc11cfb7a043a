import { describe, expect, it, vi } from "vitest";
import type { MessageModalOptions } from "../../../src/components/message-modal-store";
import type { AccountClient } from "../../../src/providers/account-client";
import { createAuthProvider } from "../../../src/providers/auth-provider";
import type { HttpClient } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account";
import type { Envelope } from "../../../src/schema/envelope";
import { USER_SESSION_IDLE_MS } from "../../../src/schema/session";

const NOW = 1_700_000_000_000;

function setup(reply: Envelope<unknown> = { code: 200, message: "成功", datas: null }) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: NOW - 1000, id: 7 });
  const post = vi.fn(async () => reply);
  const http = { baseURL: "/webapi", get: vi.fn(), post } as unknown as HttpClient;
  const showMessage = vi.fn<(options: MessageModalOptions) => void>();
  // Logout and check never touch the account calls; login has its own tests (auth-provider-login.test.ts).
  const accounts = {} as AccountClient;
  const auth = createAuthProvider({ http, sessionStore, now: () => NOW, showMessage, accounts, getLocation: () => ({ pathname: "/index", search: "" }) });
  return { auth, sessionStore, post, showMessage };
}

describe("auth provider", () => {
  it("logout posts {id} to /user/v2/logout, clears the user and goes to /index", async () => {
    const { auth, sessionStore, post, showMessage } = setup();
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: "/index" });
    expect(post).toHaveBeenCalledWith(ACCOUNT_ENDPOINTS.logout.path, { id: 7 }, expect.objectContaining({ session: "user", tokenless: false }));
    expect(sessionStore.getUser()).toBeNull();
    expect(showMessage).not.toHaveBeenCalled();
  });

  it("a failed logout shows the server message in a modal that does not auto-close, and keeps the user", async () => {
    const { auth, sessionStore, showMessage } = setup({ code: 1001, message: "退出失败：用户信息与当前登录不一致", datas: null });
    await expect(auth.logout({})).resolves.toEqual({ success: false });
    expect(showMessage).toHaveBeenCalledWith({ content: "退出失败：用户信息与当前登录不一致" });
    expect(showMessage.mock.calls[0][0].autoClose).toBeUndefined();
    expect(sessionStore.getUser()).not.toBeNull();
  });

  it("a session the server already ended counts as logged out", async () => {
    const { auth, showMessage } = setup({ code: 103, message: "登录已超时，请重新登录", datas: null });
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: "/index" });
    expect(showMessage).not.toHaveBeenCalled();
  });

  it("check follows the 30-minute rule", async () => {
    const { auth, sessionStore } = setup();
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    sessionStore.touchUser(NOW - USER_SESSION_IDLE_MS);
    await expect(auth.check()).resolves.toEqual({ authenticated: false, redirectTo: "/index" });
  });
});
