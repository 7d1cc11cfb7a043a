import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS } from "../../src/schema/capture.js";
import { PLATFORM_HEALTH_ENDPOINTS, type FailedJob } from "../../src/schema/console/platform-health.js";
import { captureDouble } from "../server/support/capture-double.js";
import { signInOperator } from "../server/support/operator.js";
import { registerUser, type RegisteredUser } from "../server/support/personal-users.js";
import { createTestApp, siblingTestApp, type TestApp } from "../server/support/test-app.js";
import { dropRedisNamespace, testRedisEnv, testRedisPrefix } from "./support/test-redis.js";

/**
 * Jobs shared through BullMQ (issue 20): a web process only puts captures on the queue, worker
 * processes run them with the same claim and run code as the embedded queue, a job whose run
 * throws is retried with backoff and then kept as a dead letter the console shows and retries, and
 * a worker killed mid-job leaves its capture to another worker, which finishes it exactly once.
 * Short tries and holds keep the file quick: a dead worker's job comes back after about 1 s.
 */
const prefix = testRedisPrefix("jobs");
const ENV = { ...testRedisEnv(prefix), CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9", JOB_ATTEMPTS: "2", JOB_BACKOFF_MS: "100", JOB_LOCK_MS: "1000" };
let double = captureDouble();
let web: TestApp;
let worker: TestApp;
let operatorToken: string;
let nextMobile = 13740000001;

const db = () => web.database.handle.db;
const captureOf = (id: number) => db().selectFrom("captures").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const evidenceCount = async (user: RegisteredUser) =>
  Number((await db().selectFrom("evidence_records").select((eb) => eb.fn.countAll().as("n")).where("holder_user_id", "=", user.id).executeTakeFirstOrThrow()).n);

async function customerWithUnits(count: number) {
  const user = await registerUser(web, String(nextMobile++));
  await db().insertInto("package_counts").values({ user_id: user.id, product_code: "30001", purchased_count: count, remaining_count: count, updated_at: web.clock.now() }).execute();
  return user;
}
async function captureOn(app: TestApp, user: RegisteredUser, url: string): Promise<number> {
  const answer = (await app.call(CAPTURE_ENDPOINTS.create, { name: "取证", urls: url }, { token: user.token })).json();
  expect(answer.code).toBe(200);
  return answer.datas[0].id;
}
async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/**
 * A new worker (another process: a browser double of its own) takes the capture an earlier worker
 * left running, resumes it (its second attempt), and seals it with one piece of evidence.
 */
async function expectFinishedByNextWorker(user: RegisteredUser, id: number, url: string) {
  double = captureDouble();
  const resumed = double.whenHeld(url);
  worker = await siblingTestApp(web, { seedDemo: false, env: ENV, role: "worker", capture: { engine: double.engine } });
  await resumed;
  double.release(url);
  const sealed = await until(() => captureOf(id), (row) => row.state === "sealed", "the capture to be sealed by the next worker");
  expect(sealed.attempts).toBe(2);
  expect(await evidenceCount(user)).toBe(1);
}
const overview = async () => (await web.call(PLATFORM_HEALTH_ENDPOINTS.overview, {}, { token: operatorToken })).json().datas;

beforeAll(async () => {
  web = await createTestApp({ seedDemo: false, env: ENV, role: "web" });
  worker = await siblingTestApp(web, { seedDemo: false, env: ENV, role: "worker", capture: { engine: double.engine } });
  // PostgreSQL itself refuses to end a capture of /fail/refused while the row in refuse_failures says so: a run that throws.
  await sql`CREATE TABLE refuse_failures (on_purpose boolean)`.execute(db());
  await sql`CREATE FUNCTION refuse_failure() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.url LIKE '%/fail/refused%' AND OLD.state = 'running' AND NEW.state = 'failed' AND EXISTS (SELECT 1 FROM refuse_failures) THEN
        RAISE EXCEPTION 'database refused the failure on purpose';
      END IF;
      RETURN NEW;
    END $$`.execute(db());
  await sql`CREATE TRIGGER refuse_failure BEFORE UPDATE ON captures FOR EACH ROW EXECUTE FUNCTION refuse_failure()`.execute(db());
  operatorToken = (await signInOperator(web)).token;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await web?.close();
  await dropRedisNamespace(prefix);
});

describe("captures on the shared queue", () => {
  it("a capture created on a web process is run by a worker and sealed once", async () => {
    const user = await customerWithUnits(1);
    const id = await captureOn(web, user, "http://127.0.0.1:9/news/shared");
    const sealed = await until(() => captureOf(id), (row) => row.state === "sealed", "the capture to be sealed");
    expect(sealed.attempts).toBe(1);
    expect(await evidenceCount(user)).toBe(1);
    // The completed job is removed (once its processor has returned): nothing waits, runs or failed.
    const captureQueue = async () => (await overview()).queues.find((queue: { key: string }) => queue.key === "capture.pages");
    await until(captureQueue, (queue) => queue.running === 0, "the job to complete");
    expect(await captureQueue()).toMatchObject({ waiting: 0, running: 0, failed: 0 });
  });

  it("a run that throws is retried with backoff, then shown as failed; 重试 runs it again, audited", async () => {
    await sql`INSERT INTO refuse_failures VALUES (true)`.execute(db());
    const user = await customerWithUnits(1);
    const id = await captureOn(web, user, "http://127.0.0.1:9/fail/refused");
    const failedJobs = await until(
      async () => (await overview()).failedJobs as FailedJob[],
      (jobs) => jobs.some((job) => job.rowId === id),
      "the dead letter",
    );
    const failed = failedJobs.find((job) => job.rowId === id)!;
    // Two tries: the second resumed the row the first left running (a capture attempt each).
    expect(failed).toMatchObject({ queue: "capture.pages", queueName: "网页取证", attempts: 2 });
    expect(failed.lastError).toContain("database refused the failure on purpose");
    expect(await captureOf(id)).toMatchObject({ state: "running", attempts: 2 });
    expect((await overview()).queues.find((queue: { key: string }) => queue.key === "capture.pages").failed).toBe(1);

    await sql`DELETE FROM refuse_failures`.execute(db());
    const retried = (await web.call(PLATFORM_HEALTH_ENDPOINTS.retryFailedJob, { queue: "capture.pages", rowId: id }, { token: operatorToken })).json();
    expect(retried).toMatchObject({ code: 200, datas: { queue: "capture.pages", rowId: id } });
    // The run now ends as the page said (connection refused): failed, its unit given back once.
    const settled = await until(() => captureOf(id), (row) => row.state === "failed", "the retried capture to end");
    expect(settled).toMatchObject({ attempts: 3, failure_code: "connectionFailed" });
    expect((await web.app.services.purchase.units.allowance(user.id)).total).toBe(1);
    expect((await overview()).failedJobs).toEqual([]);
    const audit = await db().selectFrom("operator_audit").selectAll().where("action", "=", "job.retry").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].target_id).toBe(`capture.pages#${id}`);

    // No failed job to retry (any more): refused with a message, nothing audited.
    const again = (await web.call(PLATFORM_HEALTH_ENDPOINTS.retryFailedJob, { queue: "capture.pages", rowId: id }, { token: operatorToken })).json();
    expect(again.code).not.toBe(200);
    expect(again.message).toContain("不在失败列表中");
    expect(await db().selectFrom("operator_audit").selectAll().where("action", "=", "job.retry").execute()).toHaveLength(1);
  });

  it("a worker closed gracefully mid-capture puts the job back; the next worker resumes and seals it once", async () => {
    const url = "http://127.0.0.1:9/hold/graceful";
    const user = await customerWithUnits(1);
    const held = double.whenHeld(url);
    const id = await captureOn(web, user, url);
    await held;
    await worker.close();
    expect(await captureOf(id)).toMatchObject({ state: "running", attempts: 1 });

    await expectFinishedByNextWorker(user, id, url);
  });

  it("a worker killed mid-capture leaves it to another worker, which finishes it exactly once", async () => {
    // The in-process worker stops taking jobs, so the capture goes to the child process.
    await worker.close();
    const url = "http://127.0.0.1:9/hold/killed";
    const child = startWorkerProcess(url);
    try {
      await child.said("ready");
      const user = await customerWithUnits(1);
      const id = await captureOn(web, user, url);
      await child.said(`held ${url}`);
      expect(await captureOf(id)).toMatchObject({ state: "running", attempts: 1 });
      child.process.kill("SIGKILL");

      await expectFinishedByNextWorker(user, id, url);
    } finally {
      child.process.kill("SIGKILL");
    }
  }, 180_000); // a loaded machine takes long to start a process that compiles the app with tsx

});

/** A worker process of its own (tsx), on this file's database, data folder and Redis namespace. */
function startWorkerProcess(holdUrl: string) {
  const target = web.database.handle.target;
  if (target.kind !== "postgres") throw new Error("the multi-process tests run on PostgreSQL");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "support/capture-worker-process.ts")], {
    env: { ...process.env, ...ENV, NODE_ENV: "test", DATABASE_URL: target.url, DATA_DIR: web.database.dataDir, CLIENT_DIR: `${web.database.dataDir}/no-client`, LOG_LEVEL: "warn", SEED_DEMO: "false", HOLD_URL: holdUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  return {
    process: child,
    said: (line: string) => until(async () => output, (text) => text.split("\n").includes(line), `the worker process to say "${line}"`, 120_000),
  };
}
