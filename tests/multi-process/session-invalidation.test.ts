import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashToken } from "../../server/modules/session/session.service.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

// Two web processes of one installation: one PostgreSQL database, one Redis namespace, one clock.
// The clock never moves here, so no cached session goes stale: only a Redis notice can make a
// process drop what it read.
const prefix = testRedisPrefix("sessions");
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // No demo content: nothing here reads it, and seeding it twice only slows the start.
  const options = { env: testRedisEnv(prefix), seedDemo: false };
  first = await createTestApp(options);
  second = await siblingTestApp(first, options);
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
  await dropRedisNamespace(prefix);
});

const getTime = (t: TestApp, token: string) => t.call(COMMON_ENDPOINTS.getTime, {}, { token }).then((response) => response.json().code);

describe("session ends across processes (issue 20)", () => {
  it("a logout on one process is refused on the other at once", async () => {
    const { token } = await first.app.services.sessions.create("41", "user");
    const unannounced = (await first.app.services.sessions.create("42", "user")).token;
    for (const t of [first, second]) {
      expect(await getTime(t, token)).toBe(200);
      expect(await getTime(t, unannounced)).toBe(200);
    }
    // An end written to the database alone (no notice) is not seen by a process that cached the
    // session: the refusal below is the notice's doing, not a fresh read.
    await first.app.database.db.updateTable("sessions").set({ revoked_at: first.clock.now(), revoke_reason: "logout" }).where("token_hash", "=", hashToken(unannounced)).execute();
    expect(await getTime(second, unannounced)).toBe(200);

    expect((await first.call(ACCOUNT_ENDPOINTS.logout, { id: "41" }, { token })).json().code).toBe(200);
    expect(await getTime(first, token)).toBe(3013);
    // The notice travels through Redis to the other process's subscriber: a moment, not the staleness bound.
    await vi.waitFor(async () => expect(await getTime(second, token)).toBe(3013), { timeout: 5_000, interval: 20 });
  });
});
