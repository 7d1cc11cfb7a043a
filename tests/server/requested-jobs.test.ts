import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ResultCode } from "../../src/schema/envelope.js";
import { BusinessError } from "../../server/http/envelope.js";
import type { JobQueues } from "../../server/jobs/job-queues.js";
import { openRequestedJobs, type RequestedJobs } from "../../server/jobs/requested-jobs.js";
import type { ModuleContext } from "../../server/modules/module.js";
import { createTestApp, restartTestApp, type TestApp } from "./support/test-app.js";

/**
 * Requested jobs (server/jobs/requested-jobs.ts) on the embedded queue: the asker gets the job's
 * result, or its BusinessError as it was thrown (code, message, field errors); an unexpected
 * error answers a server error and shows as a failed job; a request a stopped process left
 * running is made again at the next start. A test section of its own drives it.
 */
type Echo = { value: string; outcome: "ok" | "refuse" | "crash" | "hold" };
let jobs: RequestedJobs<Echo, { echoed: string }>;
let queues: JobQueues;
let made: string[] = [];
let releaseHeld: (() => void) | null = null;

async function echoSection(app: FastifyInstance, context: ModuleContext) {
  queues = context.jobs;
  jobs = await openRequestedJobs<Echo, { echoed: string }>(app, context, {
    key: "test.echo",
    name: "测试",
    concurrency: 1,
    make: async ({ input }, signal) => {
      made.push(input.value);
      if (input.outcome === "refuse") throw new BusinessError(3999, "不能这样做", { errors: { value: "不能这样做" } });
      if (input.outcome === "crash") throw new Error("disk on fire");
      // Held until released; a closing queue aborts it, as a process stopped mid-job would leave it.
      if (input.outcome === "hold") await new Promise((resolve, reject) => { releaseHeld = () => resolve(null); signal.addEventListener("abort", () => reject(new Error("aborted"))); });
      return { echoed: input.value };
    },
  });
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  made = [];
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
/** Waits for the held job to start; answers its release. */
async function heldJob(): Promise<() => void> {
  while (!releaseHeld) await pause();
  const release = releaseHeld;
  releaseHeld = null;
  return release;
}
const requests = () => t!.database.handle.db.selectFrom("job_requests").selectAll().where("queue", "=", "test.echo").orderBy("id").execute();

describe("requested jobs, embedded", () => {
  it("answers the result, a refusal as thrown, and an unexpected error as a server error kept as a failed job", async () => {
    t = await createTestApp({ seedDemo: false, modules: [echoSection] });
    expect(await jobs.ask(1, { value: "一", outcome: "ok" }, "还在做")).toEqual({ echoed: "一" });

    const refusal = await jobs.ask(1, { value: "二", outcome: "refuse" }, "还在做").catch((error) => error);
    expect(refusal).toBeInstanceOf(BusinessError);
    expect(refusal).toMatchObject({ code: 3999, message: "不能这样做", options: { errors: { value: "不能这样做" } } });

    const crash = await jobs.ask(1, { value: "三", outcome: "crash" }, "还在做").catch((error) => error);
    expect(crash).toMatchObject({ code: ResultCode.serverError });
    expect(crash.message).not.toContain("disk on fire");
    expect(await queues.failedJobs(10)).toMatchObject([{ queue: "test.echo", queueName: "测试", lastError: "disk on fire" }]);
    expect((await requests()).map((row) => [row.state, row.attempts])).toEqual([
      ["done", 1],
      ["failed", 1],
      ["failed", 1],
    ]);
    expect(made).toEqual(["一", "二", "三"]);
  });

  it("makes again, at the next start, a request the stopped process left running", async () => {
    t = await createTestApp({ seedDemo: false, modules: [echoSection] });
    // Its asker goes with the process.
    void jobs.ask(1, { value: "四", outcome: "hold" }, "还在做").catch(() => undefined);
    await heldJob();
    // The process stops mid-job: the row stays running (the next start's claim is attempt 2).
    const previous = t;
    await previous.app.close();

    t = await restartTestApp(previous, { seedDemo: false, modules: [echoSection] });
    (await heldJob())();
    while ((await requests())[0].state !== "done") await pause();
    expect((await requests())[0]).toMatchObject({ state: "done", attempts: 2, result_json: JSON.stringify({ echoed: "四" }) });
    expect(made).toEqual(["四", "四"]);
  });
});
