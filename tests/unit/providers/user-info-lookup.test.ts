import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { lookupUserInfo } from "../../../src/providers/user-info-lookup";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account";
import { webapiPath } from "../../../src/schema/contract";
import { createFakeAdapter, type FakeReply } from "./fake-axios-adapter";

const NOW = 1_700_000_000_000;

function setup(reply: FakeReply) {
  const sessionStore = createSessionStore(createMemoryStorage());
  const fake = createFakeAdapter([reply]);
  const http = createHttpClient({
    baseURL: "/webapi",
    sessionStore,
    getLocation: () => ({ pathname: "/index", search: "?u=42&t=link-token" }),
    navigate: () => undefined,
    now: () => NOW,
    adapter: fake.adapter,
  });
  return { run: () => lookupUserInfo({ http, sessionStore, now: () => NOW }, "42", "link-token"), sessionStore, requests: fake.requests };
}

describe("u/t entry lookup", () => {
  it("GETs /user/v2/getUserInfo with userId and token, then stores datas.userInfo with that token", async () => {
    const userInfo = { id: 42, loginAccount: "expert", accountType: 1, password: "never stored" };
    const { run, sessionStore, requests } = setup({ kind: "ok", data: { code: 200, message: "成功", datas: { userInfo } } });
    await expect(run()).resolves.toBe(true);
    expect(requests[0].path).toBe(webapiPath(ACCOUNT_ENDPOINTS.getUserInfo));
    expect(requests[0].query).toMatchObject({ userId: "42", token: "link-token" });
    expect(sessionStore.getUser()).toEqual({ id: 42, loginAccount: "expert", accountType: 1, token: "link-token", timestamp: NOW });
  });

  it.each<[string, FakeReply]>([
    ["the route is not there yet (404)", { kind: "httpError", status: 404, data: { code: 404, message: "请求的接口不存在", datas: null } }],
    ["the token is refused", { kind: "ok", data: { code: 102, message: "登录状态已失效，请重新登录", datas: null } }],
    ["the network fails", { kind: "networkError" }],
  ])("stores nothing when %s", async (_case, reply) => {
    const { run, sessionStore } = setup(reply);
    await expect(run()).resolves.toBe(false);
    expect(sessionStore.getUser()).toBeNull();
  });
});
