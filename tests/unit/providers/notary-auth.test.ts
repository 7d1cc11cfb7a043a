import { describe, expect, it, vi } from "vitest";
import { createNotaryAuth } from "../../../src/providers/notary-auth";
import type { NotaryClient } from "../../../src/providers/notary-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import type { Envelope } from "../../../src/schema/envelope";

const T0 = 1_700_000_000_000;
const NOTARY_USER = { id: 3, account: "li.si", name: "李四", officeName: "衡州市公证处" };
const envelope = (code: number, datas: unknown = null, message = "提示"): Envelope<never> => ({ code, message, datas: datas as never });

function setup(answers: { login?: Envelope<never>; logout?: Envelope<never> } = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  const client: NotaryClient = {
    login: vi.fn(async () => answers.login ?? envelope(200, { notaryUser: NOTARY_USER, token: "ntk" })),
    logout: vi.fn(async () => answers.logout ?? envelope(200)),
    getNotaryInfo: vi.fn(async () => envelope(200, { notaryUser: NOTARY_USER })),
    addStaff: vi.fn(async () => envelope(200)),
  };
  const showMessage = vi.fn();
  const auth = createNotaryAuth({ client, sessionStore, now: () => T0, showMessage });
  return { auth, client, sessionStore, showMessage };
}

const INPUT = { account: "li.si", password: "gongzheng123", captcha: "abcd" };

describe("notary auth: login", () => {
  it("stores the notary user with its token and the login timestamp (spec §3)", async () => {
    const { auth, sessionStore } = setup();
    expect(await auth.login(INPUT)).toEqual({ kind: "loggedIn", notaryUser: NOTARY_USER });
    expect(sessionStore.getNotary()).toEqual({ ...NOTARY_USER, token: "ntk", timestamp: T0 });
    expect(sessionStore.getUser()).toBeNull();
  });

  it.each([
    [1002, "captchaInvalid"],
    [3010, "failed"],
    [3014, "failed"],
    [500, "failed"],
  ] as const)("code %s → %s with the server's message, nothing stored", async (code, kind) => {
    const { auth, sessionStore } = setup({ login: envelope(code, null, "服务器的话") });
    expect(await auth.login(INPUT)).toEqual({ kind, message: "服务器的话" });
    expect(sessionStore.getNotary()).toBeNull();
  });

  it("a 200 without a usable answer is a failure, not a half session", async () => {
    const { auth, sessionStore } = setup({ login: envelope(200, { token: "ntk" }) });
    expect(await auth.login(INPUT)).toMatchObject({ kind: "failed" });
    expect(sessionStore.getNotary()).toBeNull();
  });
});

describe("notary auth: logout", () => {
  it.each([200, 102, 103, 3013])("code %s ends the session in the browser", async (code) => {
    const { auth, sessionStore, showMessage } = setup({ logout: envelope(code) });
    sessionStore.setNotary({ ...NOTARY_USER, token: "ntk", timestamp: T0 });
    expect(await auth.logout()).toBe(true);
    expect(sessionStore.getNotary()).toBeNull();
    expect(showMessage).not.toHaveBeenCalled();
  });

  it("another failure keeps the session and shows the server's message in a modal that stays", async () => {
    const { auth, sessionStore, showMessage } = setup({ logout: envelope(500, null, "网络异常，请稍后重试") });
    sessionStore.setNotary({ ...NOTARY_USER, token: "ntk", timestamp: T0 });
    expect(await auth.logout()).toBe(false);
    expect(sessionStore.getNotary()).not.toBeNull();
    expect(showMessage).toHaveBeenCalledWith({ content: "网络异常，请稍后重试" });
  });

  it("without a notary session there is nothing to end on the server", async () => {
    const { auth, client } = setup();
    expect(await auth.logout()).toBe(true);
    expect(client.logout).not.toHaveBeenCalled();
  });
});
