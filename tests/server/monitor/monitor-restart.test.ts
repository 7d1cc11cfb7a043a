import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMonitorSite, type MonitorSite } from "../../support/monitor-sites.js";
import { recharge, verifiedApplicant } from "../notarization/notarization-world.js";
import type { TestApp } from "../support/test-app.js";
import { createdTask, keywordTaskForm, monitorApp, restartMonitorApp, runsOf, startSite, taskRow } from "./monitor-world.js";

/**
 * The schedule and the crawl queue live in the tables: a process stopped while a crawl runs and
 * another waits loses neither. At the next start the cut-off crawl is queued again (its attempt
 * counted) and both run; the task's next run time is the one it had.
 */
let quick: MonitorSite;
let slow: MonitorSite;
let t: TestApp;

beforeAll(async () => {
  quick = await startSite();
  // The start page takes long enough for the process to be stopped while the crawl waits for it.
  slow = await startMonitorSite({ "/": { body: "<!doctype html><title>慢站</title><p>本页面响应很慢。</p>", delayMs: 1500 } });
  t = await monitorApp([slow, quick], { MONITOR_CONCURRENCY: "1" });
});

afterAll(async () => {
  await t?.close();
  await quick?.close();
  await slow?.close();
});

describe("the monitoring schedule across a restart", () => {
  it("runs the queued crawl and the one cut off after the restart, keeping the next run time", async () => {
    const user = await verifiedApplicant(t);
    await recharge(t, user, 100_000);
    const task = await createdTask(t, user, keywordTaskForm([slow, quick]));
    await t.app.services.monitor.scheduler.tick();
    // One crawl at a time: the slow site's runs, the other waits in the queue.
    await expect.poll(async () => (await runsOf(t, task.id)).map((run) => run.state)).toEqual(["running", "queued"]);
    const nextRunAt = (await taskRow(t, task.id)).next_run_at;
    expect(nextRunAt).toBeGreaterThan(t.clock.now());

    t = await restartMonitorApp(t, [slow, quick], { MONITOR_CONCURRENCY: "1" });
    await t.app.services.monitor.queue.idle();
    const runs = await runsOf(t, task.id);
    expect(runs.map((run) => [run.state, run.attempts, run.pages])).toEqual([
      ["done", 2, 1],
      ["done", 1, 3],
    ]);
    const row = await taskRow(t, task.id);
    expect(row.next_run_at).toBe(nextRunAt);
    expect(row.state).toBe("monitoring");
  });

  it("gives a crawl up after it was cut off three times", async () => {
    const user = await verifiedApplicant(t);
    await recharge(t, user, 100_000);
    const task = await createdTask(t, user, keywordTaskForm([slow]));
    await t.app.services.monitor.scheduler.tick();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect.poll(async () => (await runsOf(t, task.id)).map((run) => [run.state, run.attempts])).toEqual([["running", attempt]]);
      t = await restartMonitorApp(t, [slow, quick], { MONITOR_CONCURRENCY: "1" });
    }
    const [run] = await runsOf(t, task.id);
    expect(run).toMatchObject({ state: "failed", attempts: 3, site_busy: null });
    expect(run.failure).toContain("中断");
  });
});
