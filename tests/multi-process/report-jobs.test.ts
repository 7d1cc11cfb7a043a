import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONITOR_ENDPOINTS } from "../../src/schema/monitor.js";
import { RECOVERY_LEASE_MS } from "../../server/jobs/recovery-pass.js";
import { registerUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

/**
 * Reports and start-up recovery with several processes (issue 20), on PostgreSQL and Redis: a
 * report asked of a web process waits on the queue until a worker makes it, and a process that
 * starts beside live ones takes over only the half-done rows whose lease ran out, never a row a
 * live peer is still finishing. Sibling apps (the same code, other roles) keep the file quick.
 */
const prefix = testRedisPrefix("reports");
const ENV = { ...testRedisEnv(prefix), JOB_LOCK_MS: "1000" };
let web: TestApp;
const opened: TestApp[] = [];

const db = () => web.database.handle.db;
const requestsOf = (queue: string) => db().selectFrom("job_requests").selectAll().where("queue", "=", queue).execute();

beforeAll(async () => {
  web = await createTestApp({ seedDemo: false, env: ENV, role: "web" });
}, 60_000);
afterAll(async () => {
  for (const app of opened) await app.close();
  await web?.close();
  await dropRedisNamespace(prefix);
});

describe("reports on the shared queue", () => {
  it("a monitoring report asked of a web process is made by a worker, and the call answers it", async () => {
    const user = await registerUser(web, "13750000001");
    const now = web.clock.now();
    const answer = web.call(MONITOR_ENDPOINTS.createReport, { channel: "text", startTime: now - 86_400_000, endTime: now }, { token: user.token });
    // A web process makes no report: the request waits on the queue.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await requestsOf("monitor.reports")).toMatchObject([{ user_id: user.id, state: "queued", attempts: 0 }]);

    opened.push(await siblingTestApp(web, { seedDemo: false, env: ENV, role: "worker" }));
    const created = (await answer).json();
    expect(created.code).toBe(200);
    const report = await db().selectFrom("monitor_reports").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(created.datas).toMatchObject({ id: report.id, reportNo: report.report_no, channel: "text", hitCount: 0 });
    expect(await requestsOf("monitor.reports")).toMatchObject([{ state: "done", attempts: 1 }]);
    // Its PDF is in the shared blob store for the web process to hand out.
    const download = await web.call(MONITOR_ENDPOINTS.downloadReport, { id: report.id }, { token: user.token });
    expect(download.headers["content-type"]).toContain("application/pdf");
  });
});

describe("start-up recovery beside live processes", () => {
  it("takes a half-done row whose lease ran out and leaves a live peer's row alone", async () => {
    // Two operator actions whose ledger append was tried and not recorded: one just now (a live
    // process is appending it), one written longer ago than the lease (its process died).
    const tried = (createdAt: number, label: string) => ({
      operator_id: null,
      operator_account: "cli",
      action: "test.recovery",
      target_type: "test",
      target_id: label,
      target_label: label,
      before_json: null,
      after_json: null,
      reason: null,
      salt: randomBytes(32).toString("hex"),
      created_at: createdAt,
      ledger_size_hint: 0,
      ledger_index: null,
      ledger_block: null,
    });
    const now = web.clock.now();
    const rows = await db()
      .insertInto("operator_audit")
      .values([tried(now, "live"), tried(now - RECOVERY_LEASE_MS - 1000, "abandoned")])
      .returning(["id", "target_id"])
      .execute();

    // A new process starts: its recovery runs before it serves.
    opened.push(await siblingTestApp(web, { seedDemo: false, env: ENV, role: "web" }));
    const after = await db().selectFrom("operator_audit").select(["target_id", "ledger_index"]).where("id", "in", rows.map((row) => row.id)).execute();
    const indexOf = (label: string) => after.find((row) => row.target_id === label)!.ledger_index;
    expect(indexOf("abandoned")).not.toBeNull();
    expect(indexOf("live")).toBeNull();
  });
});
