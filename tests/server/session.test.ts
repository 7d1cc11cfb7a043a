import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_STALENESS_MS } from "../../server/modules/session/session-cache.js";
import { SessionRepository } from "../../server/modules/session/session.repository.js";
import { hashToken, SessionService } from "../../server/modules/session/session.service.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60 * 1000;
const getTime = webapiPath(COMMON_ENDPOINTS.getTime);
const getBanner = webapiPath(COMMON_ENDPOINTS.getBanner);

async function lastSeen(token: string) {
  const row = await t.app.database.db
    .selectFrom("sessions")
    .select("last_seen_at")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
  return row.last_seen_at;
}

/** Ends a session the way another process without Redis would: in the database only. */
async function revokeBehindTheCache(token: string) {
  await t.app.database.db.updateTable("sessions").set({ revoked_at: t.clock.now(), revoke_reason: "logout" }).where("token_hash", "=", hashToken(token)).execute();
}

describe("user sessions", () => {
  it("accepts a call with a live token and refreshes the session", async () => {
    const { token, createdAt } = await t.app.services.sessions.create("alice", "user");
    t.clock.advance(10 * MINUTE);
    const response = await t.get(getTime, {}, { token });
    expect(response.json().code).toBe(200);
    await t.app.services.sessions.flushRefreshes();
    expect(await lastSeen(token)).toBe(createdAt + 10 * MINUTE);
  });

  it("answers from what it read within the staleness bound, and reads the session again after it", async () => {
    const { token } = await t.app.services.sessions.create("amy", "user");
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
    await revokeBehindTheCache(token);
    t.clock.advance(SESSION_CACHE_STALENESS_MS);
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
    t.clock.advance(1);
    expect((await t.get(getTime, {}, { token })).json().code).toBe(3013);
  });

  it("is refused at exactly the idle limit, not a millisecond before", async () => {
    const { token } = await t.app.services.sessions.create("ann", "user");
    t.clock.advance(30 * MINUTE);
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
    // The refresh just noted is not written yet: the lookup after the limit still counts it.
    t.clock.advance(30 * MINUTE + 1);
    expect((await t.get(getTime, {}, { token })).json().code).toBe(103);
  });

  it("reads a session idle by what it knew again before refusing it: another process may have seen it", async () => {
    const { token, createdAt } = await t.app.services.sessions.create("abe", "user");
    t.clock.advance(30 * MINUTE - 1000);
    // A failed call looks the session up (now cached) and does not refresh it: another user's info.
    expect((await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: 1 }, { token })).json().code).toBe(102);
    // Another process answered a call with it meanwhile.
    await t.app.database.db.updateTable("sessions").set({ last_seen_at: createdAt + 30 * MINUTE - 500 }).where("token_hash", "=", hashToken(token)).execute();
    t.clock.advance(1001);
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
  });

  it("stays alive while used within 30 minutes and expires after 30 idle minutes with 103", async () => {
    const { token } = await t.app.services.sessions.create("bob", "user");
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(29 * MINUTE);
      expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
    }
    t.clock.advance(30 * MINUTE + 1);
    expect((await t.get(getTime, {}, { token })).json()).toMatchObject({
      code: 103,
      message: "登录已超时，请重新登录",
      datas: null,
    });
  });

  it("answers an unknown token with 102", async () => {
    const response = await t.get(getTime, {}, { token: "not-a-token" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 102, message: "登录状态已失效，请重新登录" });
  });

  it("requires a session where the route needs one: 102 without a token", async () => {
    expect((await t.call(ACCOUNT_ENDPOINTS.logout, { id: "alice" })).json().code).toBe(102);
  });

  it("ends the session on logout; the token then answers 3013 at once", async () => {
    const { token } = await t.app.services.sessions.create("carol", "user");
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
    expect((await t.call(ACCOUNT_ENDPOINTS.logout, { id: "carol" }, { token })).json()).toMatchObject({ code: 200, datas: null });
    expect((await t.get(getTime, {}, { token })).json().code).toBe(3013);
  });

  it("refuses to log out someone else's id and keeps the session", async () => {
    const { token } = await t.app.services.sessions.create("dave", "user");
    const response = await t.call(ACCOUNT_ENDPOINTS.logout, { id: "erin" }, { token });
    expect(response.json()).toMatchObject({ code: 1001, extraData: { errors: { id: "用户信息与当前登录不一致" } } });
    expect((await t.get(getTime, {}, { token })).json().code).toBe(200);
  });

  it("does not refresh a session on a failed call", async () => {
    const { token } = await t.app.services.sessions.create("frank", "user");
    const before = await lastSeen(token);
    t.clock.advance(MINUTE);
    await t.call(COMMON_ENDPOINTS.getCmsArticle, { pageNewSize: "abc" }, { token });
    await t.app.services.sessions.flushRefreshes();
    expect(await lastSeen(token)).toBe(before);
  });

  it("takes the POST token from the body, not from the query", async () => {
    const { token } = await t.app.services.sessions.create("gina", "user");
    const timestamp = t.clock.now();
    const { computeSignature } = await import("../../src/schema/signature.js");
    const { sha256Hex } = await import("../../server/plugins/signature.js");
    const response = await t.app.inject({
      method: "POST",
      url: webapiPath(ACCOUNT_ENDPOINTS.logout),
      query: { timestamp: String(timestamp), token, signature: computeSignature({ timestamp, token, id: "gina" }, sha256Hex) },
      payload: { id: "gina" },
    });
    expect(response.json().code).toBe(102);
  });

  it("ignores a token on a tokenless call", async () => {
    const { token } = await t.app.services.sessions.create("hana", "user");
    await t.app.services.sessions.endAllOf("hana", "user", "account-disabled");
    expect((await t.get(getTime, {}, { token })).json().code).toBe(3013);
    expect((await t.get(getBanner, {}, { token })).json().code).toBe(200);
  });
});

describe("notary sessions", () => {
  it("last 8 hours idle, not 30 minutes, and are not user sessions", async () => {
    const { token } = await t.app.services.sessions.create("notary-1", "notary");
    t.clock.advance(8 * 60 * MINUTE);
    expect((await t.app.services.sessions.resolve(token, "notary")).ok).toBe(true);
    expect(await t.app.services.sessions.resolve(token, "user")).toEqual({ ok: false, code: 102 });
    await t.app.services.sessions.refresh((await t.app.services.sessions.resolve(token, "notary") as { ok: true; session: never }).session);
    t.clock.advance(8 * 60 * MINUTE + 1);
    expect(await t.app.services.sessions.resolve(token, "notary")).toEqual({ ok: false, code: 103 });
  });
});

describe("refreshes written behind", () => {
  it("are noted, not written, until a flush; a close writes what is pending", async () => {
    // A service of its own, without the app's timer, so nothing is written unless asked.
    const sessions = new SessionService(new SessionRepository(t.app.database.db), t.clock.now);
    const { token, createdAt } = await sessions.create("kim", "user");
    t.clock.advance(MINUTE);
    const lookup = await sessions.resolve(token, "user");
    if (!lookup.ok) throw new Error(`the session was refused: ${lookup.code}`);
    await sessions.refresh(lookup.session);
    expect(await lastSeen(token)).toBe(createdAt);
    await sessions.close();
    expect(await lastSeen(token)).toBe(createdAt + MINUTE);
  });
});

describe("purging ended sessions", () => {
  it("deletes sessions idle beyond their limit and keeps live ones", async () => {
    const live = await t.app.services.sessions.create("ivy", "user");
    t.clock.advance(31 * MINUTE);
    const fresh = await t.app.services.sessions.create("jack", "user");
    await t.app.services.sessions.purgeEnded();
    expect((await t.app.services.sessions.resolve(live.token, "user")).ok).toBe(false);
    expect((await t.app.services.sessions.resolve(fresh.token, "user")).ok).toBe(true);
    const remaining = await t.app.database.db.selectFrom("sessions").select("token_hash").where("token_hash", "=", hashToken(live.token)).execute();
    expect(remaining).toHaveLength(0);
  });
});
