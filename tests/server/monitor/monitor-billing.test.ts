import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONITOR_ENDPOINTS, MONITOR_STOP_REASON_LABELS } from "../../../src/schema/monitor.js";
import { INSUFFICIENT_BALANCE_MESSAGE } from "../../../src/schema/billing.js";
import type { MonitorSite } from "../../support/monitor-sites.js";
import { balanceOf, outboxFor, recharge, verifiedApplicant } from "../notarization/notarization-world.js";
import type { TestApp } from "../support/test-app.js";
import {
  WEEK_MS,
  createdTask,
  keywordTaskForm,
  monitorApp,
  passAndCrawl,
  reservationsOf,
  runsOf,
  signedInAgain,
  startRefusingSite,
  startSite,
  taskRow,
  weeksOf,
} from "./monitor-world.js";

/**
 * Billing week by week (the rule of MONITOR_TASK_TRANSITIONS): a week is reserved when a task
 * starts or resumes and at each week's end while it goes on; a week in which a crawl ran is
 * settled, one without is released; a refused reservation stops the task (reason balance) and
 * tells the owner; the last week's end completes it. Money is read from the billing tables.
 */
const WEB_WEEK_FEN = 10_000;

let site: MonitorSite;
let refusing: MonitorSite;
let t: TestApp;

beforeAll(async () => {
  site = await startSite();
  refusing = await startRefusingSite();
  t = await monitorApp([site, refusing]);
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await refusing?.close();
});

/** After a pass: week 1 handed back, week 2 of one web site (10 000 fen) held, out of 100 000 recharged. */
async function expectFirstWeekReleasedSecondHeld(userId: number, taskId: number) {
  await t.app.services.monitor.scheduler.tick();
  expect(await weekStates(taskId)).toEqual([
    [1, "released"],
    [2, "reserved"],
  ]);
  expect(await balanceOf(t, userId)).toEqual({ available: 90_000, reserved: 10_000 });
  await t.app.services.monitor.queue.idle();
}

/** The task's billing weeks as [week, state]. */
const weekStates = async (taskId: number) => (await weeksOf(t, taskId)).map((week) => [week.week, week.state]);

/** A verified user with `fen` recharged and a task of `form` made by them. */
async function newUserWithTask(fen: number, form: Record<string, unknown>) {
  const user = await verifiedApplicant(t);
  await recharge(t, user, fen);
  return { user, task: await createdTask(t, user, form) };
}

describe("monitoring billing per week", () => {
  it("reserves the first week at start, settles a week with a crawl, reserves the next, completes after the last", async () => {
    const { user, task } = await newUserWithTask(100_000, keywordTaskForm([site], { weeks: 2 }));
    expect(task).toMatchObject({ state: "monitoring", weeklyFeeFen: WEB_WEEK_FEN });
    expect(await balanceOf(t, user.id)).toEqual({ available: 90_000, reserved: 10_000 });

    await passAndCrawl(t);
    // The index and its two articles, crawled through the capture's policy on loopback.
    expect((await runsOf(t, task.id)).map((run) => [run.state, run.pages])).toEqual([["done", 3]]);
    expect((await weeksOf(t, task.id))[0]).toMatchObject({ week: 1, state: "reserved", runs: 1 });
    // Daily at 02:00 Shanghai: the clock stands at 10:00 Shanghai (02:00 UTC), so the next crawl is at 18:00 UTC.
    expect(Number((await taskRow(t, task.id)).next_run_at)).toBe(Date.UTC(2026, 10, 22, 18, 0, 0));

    t.clock.advance(WEEK_MS);
    await passAndCrawl(t);
    expect(await weekStates(task.id)).toEqual([
      [1, "settled"],
      [2, "reserved"],
    ]);
    expect(await balanceOf(t, user.id)).toEqual({ available: 80_000, reserved: 10_000 });

    t.clock.advance(WEEK_MS);
    await passAndCrawl(t);
    expect(await taskRow(t, task.id)).toMatchObject({ state: "stopped", stop_reason: "completed" });
    expect((await weeksOf(t, task.id)).map((week) => week.state)).toEqual(["settled", "settled"]);
    expect(await balanceOf(t, user.id)).toEqual({ available: 80_000, reserved: 0 });
  });

  it("releases a week in which no crawl ran (the site refused every crawl) and reserves the next", async () => {
    const { user, task } = await newUserWithTask(100_000, keywordTaskForm([refusing], { weeks: 3 }));
    await passAndCrawl(t);
    const [run] = await runsOf(t, task.id);
    expect(run.state).toBe("failed");
    expect(run.failure).toBeTruthy();

    t.clock.advance(WEEK_MS);
    await expectFirstWeekReleasedSecondHeld(user.id, task.id);
  });

  it("stops the task with reason balance when the next week cannot be reserved, and tells the owner", async () => {
    const { user, task } = await newUserWithTask(WEB_WEEK_FEN, keywordTaskForm([site], { weeks: 3 }));
    await passAndCrawl(t);
    t.clock.advance(WEEK_MS);
    await passAndCrawl(t);
    expect(await taskRow(t, task.id)).toMatchObject({ state: "stopped", stop_reason: "balance" });
    expect((await weeksOf(t, task.id)).map((week) => week.state)).toEqual(["settled"]);
    expect(await balanceOf(t, user.id)).toEqual({ available: 0, reserved: 0 });
    expect((await outboxFor(t, user.account))[0]).toContain(`（${task.taskNo}）已停止：${MONITOR_STOP_REASON_LABELS.balance}`);
    // Stopped tasks are not crawled any more.
    t.clock.advance(WEEK_MS);
    await passAndCrawl(t);
    expect(await runsOf(t, task.id)).toHaveLength(1);
  });

  it("never charges paused time: pause closes the week, resume reserves a fresh one, refused for the balance while paused", async () => {
    const first = await verifiedApplicant(t);
    await recharge(t, first, 2 * WEB_WEEK_FEN);
    const task = await createdTask(t, first, keywordTaskForm([site], { weeks: 3 }));
    await passAndCrawl(t);
    const paused = (await t.call(MONITOR_ENDPOINTS.pauseTask, { id: task.id }, { token: first.token })).json();
    expect(paused.datas).toMatchObject({ state: "paused" });
    expect((await weeksOf(t, task.id)).map((week) => week.state)).toEqual(["settled"]);

    // Three weeks paused: nothing is reserved or charged, no crawl is queued.
    t.clock.advance(3 * WEEK_MS);
    await passAndCrawl(t);
    expect(await weeksOf(t, task.id)).toHaveLength(1);
    expect(await runsOf(t, task.id)).toHaveLength(1);
    expect(await balanceOf(t, first.id)).toEqual({ available: WEB_WEEK_FEN, reserved: 0 });

    // Someone spends the rest: resuming is refused (301) and the task stays paused.
    await t.app.services.billing.money.reserve(first.id, WEB_WEEK_FEN, { service: "capture", reference: `spent-${task.id}`, expiresAt: t.clock.now() + WEEK_MS });
    const user = await signedInAgain(t, first);
    const refused = (await t.call(MONITOR_ENDPOINTS.resumeTask, { id: task.id }, { token: user.token })).json();
    expect(refused).toMatchObject({ code: 301, message: INSUFFICIENT_BALANCE_MESSAGE });
    expect(await taskRow(t, task.id)).toMatchObject({ state: "paused" });

    await recharge(t, first, WEB_WEEK_FEN);
    const resumed = (await t.call(MONITOR_ENDPOINTS.resumeTask, { id: task.id }, { token: user.token })).json();
    expect(resumed.datas).toMatchObject({ state: "monitoring" });
    const weeks = await weeksOf(t, task.id);
    expect(weeks.map((week) => [week.week, week.state])).toEqual([
      [1, "settled"],
      [2, "reserved"],
    ]);
    expect(Number(weeks[1].starts_at)).toBe(t.clock.now());
  });

  it("charges once when a week's end is passed twice (the second pass finds it closed)", async () => {
    const { user, task } = await newUserWithTask(100_000, keywordTaskForm([site], { weeks: 3 }));
    await passAndCrawl(t);
    t.clock.advance(WEEK_MS);
    const { scheduler } = t.app.services.monitor;
    await Promise.all([scheduler.tick(), scheduler.tick()]);
    await scheduler.tick();
    await t.app.services.monitor.queue.idle();
    expect(await weekStates(task.id)).toEqual([
      [1, "settled"],
      [2, "reserved"],
    ]);
    expect((await reservationsOf(t, user.id)).map((row) => [row.reference.split(":")[1], row.state])).toEqual([
      ["1", "settled"],
      ["2", "reserved"],
    ]);
    expect(await balanceOf(t, user.id)).toEqual({ available: 80_000, reserved: 10_000 });
  });

  it("records a week as released when the process came back after housekeeping had handed its reservation back", async () => {
    const { user, task } = await newUserWithTask(100_000, keywordTaskForm([site], { weeks: 3 }));
    await passAndCrawl(t);
    // Down for six weeks: the reservation's grace (30 days after its week) ran out and housekeeping gave the money back.
    t.clock.advance(6 * WEEK_MS);
    expect(await t.app.services.billing.money.expireStale()).toBeGreaterThanOrEqual(1);
    await expectFirstWeekReleasedSecondHeld(user.id, task.id);
  });
});
