import { describe, expect, it, vi } from "vitest";
import type { AccountClient } from "../../../src/providers/account-client";
import { createAuthProvider, isLoginResponse, type LoginResponse } from "../../../src/providers/auth-provider";
import type { HttpClient } from "../../../src/providers/http-client";
import type { LoginRequest } from "../../../src/providers/login-request";
import { createMemoryStorage, createSessionStore, SESSION_STORAGE_KEYS } from "../../../src/providers/session-store";
import { registryPath } from "../../../src/resources/registry-paths";
import type { Envelope } from "../../../src/schema/envelope";
import { loginUser } from "./login-fixtures";

const EVIDENCE_LIBRARY = registryPath("evidences/dataList");

const NOW = 1_700_000_000_000;

function setup(answer: Envelope<unknown>, search = "") {
  const storage = createMemoryStorage();
  const sessionStore = createSessionStore(storage);
  const reply = vi.fn(async () => answer);
  const accounts = {
    loginWithPassword: reply,
    loginWithCode: reply,
    delayPasswordUpdate: reply,
    verifySecondStep: reply,
    register: reply,
  } as unknown as AccountClient;
  const auth = createAuthProvider({
    http: {} as HttpClient,
    sessionStore,
    now: () => NOW,
    showMessage: vi.fn(),
    accounts,
    getLocation: () => ({ pathname: "/login", search }),
  });
  const login = async (request: LoginRequest) => {
    const response = await auth.login(request);
    if (!isLoginResponse(response)) throw new Error("not a login response");
    return response as LoginResponse;
  };
  return { login, sessionStore, storage, reply };
}

const PASSWORD_LOGIN: LoginRequest = { method: "password", account: "13800138000", password: "abc123", captcha: "ab12" };
const success = (islogin = true) => ({ code: 200, message: "成功", datas: { loginUser: { ...loginUser({ islogin }), password: "leaked?" }, token: "tk-1" } });

describe("authProvider.login", () => {
  it("stores user, token and time — never a password — and goes to / by default", async () => {
    const { login, sessionStore, storage } = setup(success());
    const response = await login(PASSWORD_LOGIN);
    expect(response).toMatchObject({ success: true, nextPath: "/" });
    expect(sessionStore.getUser()).toMatchObject({ id: 7, token: "tk-1", timestamp: NOW, loginAccount: "13800138000", hasPassword: true });
    const stored = storage.getItem(SESSION_STORAGE_KEYS.user)!;
    expect(stored).not.toContain("abc123");
    expect(stored).not.toContain("leaked?");
  });

  it("prefers the remembered path (used once), then the redirect query", async () => {
    const remembered = setup(success(), `?redirect=${EVIDENCE_LIBRARY}`);
    remembered.sessionStore.rememberPath(registryPath("personal/accountManagement"));
    await expect(remembered.login(PASSWORD_LOGIN)).resolves.toMatchObject({ nextPath: registryPath("personal/accountManagement") });
    expect(remembered.sessionStore.getRememberedPath()).toBeNull();

    const redirected = setup(success(), `?redirect=${EVIDENCE_LIBRARY}`);
    await expect(redirected.login(PASSWORD_LOGIN)).resolves.toMatchObject({ nextPath: EVIDENCE_LIBRARY });
  });

  it("stores the session but names no next path when islogin is false", async () => {
    const { login, sessionStore } = setup(success(false));
    const response = await login({ method: "code", account: "13800138000", code: "123456" });
    expect(response.success).toBe(true);
    expect(response.nextPath).toBeUndefined();
    expect(sessionStore.getUser()?.token).toBe("tk-1");
  });

  it.each<[string, Envelope<unknown>, string]>([
    ["3011", { code: 3011, message: "建议修改密码", datas: null }, "passwordUpdateDue"],
    ["3012", { code: 3012, message: "需要验证", datas: { challengeId: "c", channel: "email", maskedTarget: "a***@b.cn" } }, "secondStep"],
    ["1002", { code: 1002, message: "图形验证码错误", datas: null }, "captchaInvalid"],
    ["3010", { code: 3010, message: "账号或密码错误", datas: null }, "failed"],
  ])("%s stores nothing and hands the step to the screen", async (_code, answer, kind) => {
    const { login, sessionStore } = setup(answer);
    const response = await login(PASSWORD_LOGIN);
    expect(response).toMatchObject({ success: false, step: { kind } });
    expect(sessionStore.getUser()).toBeNull();
  });

  it.each<[LoginRequest, keyof AccountClient]>([
    [{ method: "delayPasswordUpdate", account: "a@b.cn", password: "abc123" }, "delayPasswordUpdate"],
    [{ method: "secondStep", challengeId: "c", vCode: "123456" }, "verifySecondStep"],
    [{ method: "register", account: "a@b.cn", code: "123456", password: "abc123" }, "register"],
  ])("%o logs in the same way", async (request) => {
    const { login, sessionStore, reply } = setup(success());
    await expect(login(request)).resolves.toMatchObject({ success: true });
    expect(reply).toHaveBeenCalledWith(request);
    expect(sessionStore.getUser()?.token).toBe("tk-1");
  });
});
