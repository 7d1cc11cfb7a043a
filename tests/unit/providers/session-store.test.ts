import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore, SESSION_STORAGE_KEYS } from "../../../src/providers/session-store";
import { registryPath } from "../../../src/resources/registry-paths";

describe("session store", () => {
  it("never stores the password or fields outside spec §3", () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    store.setUser({ token: "tk", timestamp: 1, id: 7, loginAccount: "a@b.cn", password: "secret", passWord: "secret", other: 1 });
    expect(store.getUser()).toEqual({ token: "tk", timestamp: 1, id: 7, loginAccount: "a@b.cn" });
    expect(storage.getItem(SESSION_STORAGE_KEYS.user)).not.toContain("secret");
  });

  it("survives a reload through storage and ignores a corrupt entry", () => {
    const storage = createMemoryStorage();
    createSessionStore(storage).setUser({ token: "tk", timestamp: 1 });
    expect(createSessionStore(storage).getUser()).toEqual({ token: "tk", timestamp: 1 });
    storage.setItem(SESSION_STORAGE_KEYS.user, "{not json");
    expect(createSessionStore(storage).getUser()).toBeNull();
  });

  it("refuses a user without a token", () => {
    const store = createSessionStore(createMemoryStorage());
    expect(store.setUser({ timestamp: 1 })).toBeNull();
  });

  it("touches, clears and notifies subscribers; the snapshot is stable between changes", () => {
    const store = createSessionStore(createMemoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setUser({ token: "tk", timestamp: 1 });
    expect(store.getUser()).toBe(store.getUser());
    store.touchUser(99);
    expect(store.getUser()?.timestamp).toBe(99);
    store.clearUser();
    store.touchUser(100);
    expect(store.getUser()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.setUser({ token: "tk", timestamp: 1 });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("keeps the notary session and the remembered path apart from the user", () => {
    const store = createSessionStore(createMemoryStorage());
    store.setNotary({ token: "n", timestamp: 5, password: "x" });
    store.rememberPath(`${registryPath("evidences/dataList")}?page=2`);
    expect(store.getNotary()).toEqual({ token: "n", timestamp: 5 });
    expect(store.getUser()).toBeNull();
    expect(store.getRememberedPath()).toBe(`${registryPath("evidences/dataList")}?page=2`);
    store.clearRememberedPath();
    store.clearNotary();
    expect(store.getRememberedPath()).toBeNull();
    expect(store.getNotary()).toBeNull();
  });

  describe("the operator session", () => {
    const OPERATOR = { id: 5, account: "wang.wu", name: "王五", roles: ["administrator"], permissions: ["operators.manage"] };

    it("keeps the token, the profile and both times, apart from the user and the notary; nothing else is stored", () => {
      const storage = createMemoryStorage();
      const store = createSessionStore(storage);
      store.setUser({ token: "user-tk", timestamp: 1 });
      store.setOperator({ token: "op-tk", timestamp: 5, loginTime: 2, operator: { ...OPERATOR, totpSecret: "JBSWY3DP" }, recoveryCodes: ["abcd-1234"] });
      expect(store.getOperator()).toEqual({ token: "op-tk", timestamp: 5, loginTime: 2, operator: OPERATOR });
      expect(storage.getItem(SESSION_STORAGE_KEYS.operator)).not.toMatch(/JBSWY3DP|abcd-1234/);
      expect(createSessionStore(storage).getOperator()).toEqual(store.getOperator());
      store.touchOperator(9);
      expect(store.getOperator()).toMatchObject({ timestamp: 9, loginTime: 2 });
      store.clearOperator();
      expect(store.getOperator()).toBeNull();
      expect(store.getUser()).toEqual({ token: "user-tk", timestamp: 1 });
    });

    it("keeps the pending token in memory only: a reload starts the sign-in again", () => {
      const storage = createMemoryStorage();
      const store = createSessionStore(storage);
      store.setOperatorPending("pending-tk");
      expect(store.getOperatorPending()).toBe("pending-tk");
      expect(createSessionStore(storage).getOperatorPending()).toBeNull();
      store.clearOperatorPending();
      expect(store.getOperatorPending()).toBeNull();
    });
  });
});
