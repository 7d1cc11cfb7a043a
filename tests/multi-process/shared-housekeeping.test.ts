import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_INVOICE_ENDPOINTS } from "../../src/schema/invoice.js";
import { Housekeeping } from "../../server/jobs/housekeeping.js";
import { ISSUER_RETRY_AFTER_MS } from "../../server/modules/invoice/invoice-issuing.js";
import { openSharedRedis, type SharedRedis } from "../../server/redis/redis-connection.js";
import { applyNormal, paidOrder, PERSON_TITLE, saveTitle } from "../server/support/invoices.js";
import { signInOperator } from "../server/support/operator.js";
import { registerUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix, testRedisUrl } from "./support/test-redis.js";

/**
 * Housekeeping with several processes (issue 20): each task's pass runs in one process at a time,
 * so passes that call out or append (invoices, refunds, ledger entries found missing) are never
 * done twice by two processes passing at the same moment.
 */
const prefix = testRedisPrefix("housekeeping");
const ENV = testRedisEnv(prefix);
const redises: SharedRedis[] = [];
const apps: TestApp[] = [];

afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  for (const redis of redises) await redis.close();
  await dropRedisNamespace(prefix);
});

/** A process's own connection to the shared Redis. */
function processRedis(): SharedRedis {
  const redis = openSharedRedis({ url: testRedisUrl(), prefix });
  redises.push(redis);
  return redis;
}

describe("a task's pass across processes", () => {
  it("runs in one process while another's pass of the same task is under way; that one skips the round", async () => {
    let running = 0;
    let mostAtOnce = 0;
    let passes = 0;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const task = {
      name: "settle what is half-done",
      run: async () => {
        running += 1;
        passes += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await held;
        running -= 1;
      },
    };
    const [first, second] = [new Housekeeping({ warn: () => undefined }, processRedis()), new Housekeeping({ warn: () => undefined }, processRedis())];
    first.add([task]);
    second.add([task]);

    const firstPass = first.runAll();
    await expect.poll(() => passes).toBe(1);
    await second.runAll();
    finish();
    await firstPass;
    expect({ passes, mostAtOnce }).toEqual({ passes: 1, mostAtOnce: 1 });

    // The lease is given back: the next round runs again, in whichever process comes first.
    await second.runAll();
    expect(passes).toBe(2);
  });
});

describe("invoices", () => {
  let web: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    web = await createTestApp({ seedDemo: false, env: ENV });
    apps.push(web);
    other = await siblingTestApp(web, { seedDemo: false, env: ENV });
    apps.push(other);
  }, 60_000);

  it("an invoice whose ledger entry was never appended is appended once when two processes' housekeeping meet", async () => {
    const finance = await signInOperator(web, { roles: ["finance"] });
    const customer = await registerUser(web, "13760000001");
    const titleId = await saveTitle(web, customer, PERSON_TITLE);
    const applied = await applyNormal(web, customer, titleId, [await paidOrder(web, customer, 10_000)]);
    expect((await web.call(CONSOLE_INVOICE_ENDPOINTS.approve, { id: applied.datas.id }, { token: finance.token })).json().datas.state).toBe("issued");

    // What a crash between the invoice's commit and its append leaves: a row without an entry.
    const db = web.database.handle.db;
    const size = (await web.app.services.ledger.latestCheckpoint())!.treeSize;
    await db.updateTable("issued_invoices").set({ ledger_index: null, ledger_block: null, ledger_size_hint: size }).where("application_id", "=", applied.datas.id).execute();
    web.clock.advance(ISSUER_RETRY_AFTER_MS + 1000);

    await Promise.all([web.app.housekeeping.runAll(), other.app.housekeeping.runAll()]);
    const [settled] = await db.selectFrom("issued_invoices").select(["ledger_index"]).where("application_id", "=", applied.datas.id).execute();
    expect(Number(settled.ledger_index)).toBe(size);
    await expect.poll(async () => (await web.app.services.ledger.latestCheckpoint())!.treeSize).toBe(size + 1);
    // And it stays one: no second append arrives late.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await web.app.services.ledger.latestCheckpoint())!.treeSize).toBe(size + 1);
  }, 60_000);
});
