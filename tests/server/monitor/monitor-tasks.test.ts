import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMIT_MESSAGES, INSUFFICIENT_BALANCE_MESSAGE } from "../../../src/schema/billing.js";
import { webapiPath } from "../../../src/schema/contract.js";
import {
  MONITOR_ENDPOINTS,
  MONITOR_MESSAGES,
  MONITOR_TASK_ACTION_LABELS,
  MONITOR_TASK_STATE_LABELS,
  MonitorCode,
  type MonitorTaskState,
} from "../../../src/schema/monitor.js";
import { UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import { startMonitorSite, type MonitorSite } from "../../support/monitor-sites.js";
import { sampleArticle } from "../../support/monitor-corpus.js";
import { balanceOf, recharge, storedText, verifiedApplicant } from "../notarization/notarization-world.js";
import { subAccountOf } from "../support/invoices.js";
import { postMultipart } from "../support/multipart.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import type { TestApp } from "../support/test-app.js";
import { createTask, createdTask, keywordTaskForm, monitorApp, runsOf, signedInAgain, startSite, taskRow, weeksOf } from "./monitor-world.js";

/**
 * Creating tasks through the calls: what the form must hold beyond its zod rules, whose works a
 * task may protect, which sites it may watch (the capture's policy), the account limits that
 * block a new task (spec §4, §6), the price (spec §9), and the task's machine through the calls.
 */
let site: MonitorSite;
/** Answers its start page after a while: a crawl of it is still running when the test asks again. */
let slow: MonitorSite;
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  site = await startSite();
  slow = await startMonitorSite({ "/": { body: "<!doctype html><title>慢</title><p>慢页面</p>", delayMs: 1500 } });
  t = await monitorApp([site, slow]);
  owner = await verifiedApplicant(t);
  await recharge(t, owner, 10_000_000);
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await slow?.close();
});

async function uploadWork(user: RegisteredUser, kind: string, filename: string, content: Buffer) {
  return (await postMultipart(t, webapiPath(MONITOR_ENDPOINTS.uploadFile), { kind }, { token: user.token, files: [{ name: "file", filename, contentType: "application/octet-stream", content }] })).json();
}

async function textWork(user: RegisteredUser): Promise<number> {
  const answer = await uploadWork(user, "text", "原创文章.txt", Buffer.from(sampleArticle().text, "utf8"));
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200, datas: { kind: "text", ready: true } });
  return answer.datas.id;
}

const textForm = (workIds: number[], fields: Record<string, unknown> = {}) => ({ ...keywordTaskForm([site]), channel: "text", name: "文字监测任务", keywords: [], workIds, ...fields });

describe("works", () => {
  it("stores an uploaded text work by its SHA-256 with its fingerprint, and lists it for its owner only", async () => {
    const id = await textWork(owner);
    const list = (await t.call(MONITOR_ENDPOINTS.works, { kind: "text" }, { token: owner.token })).json().datas as { id: number; summary: string; sha256: string }[];
    const work = list.find((row) => row.id === id)!;
    expect(work.summary.length).toBeGreaterThan(20);
    expect(await t.app.services.blobs.has(work.sha256)).toBe(true);
    const stranger = await registerUser(t, "13700000001");
    expect((await t.call(MONITOR_ENDPOINTS.works, {}, { token: stranger.token })).json().datas).toEqual([]);
  });

  it("refuses a file of another format, an empty file and a missing file with the upload rules' words, storing nothing", async () => {
    const before = await t.database.handle.db.selectFrom("monitor_works").select("id").execute();
    expect(await uploadWork(owner, "text", "文章.exe", Buffer.from("abc"))).toMatchObject({ code: 1001 });
    expect(await uploadWork(owner, "text", "文章.txt", Buffer.alloc(0))).toMatchObject({ code: 1001, message: UPLOAD_MESSAGES.empty });
    expect((await postMultipart(t, webapiPath(MONITOR_ENDPOINTS.uploadFile), { kind: "text" }, { token: owner.token })).json()).toMatchObject({ code: 1001, message: UPLOAD_MESSAGES.missing });
    expect(await t.database.handle.db.selectFrom("monitor_works").select("id").execute()).toEqual(before);
  });
});

describe("creating a task", () => {
  it("refuses a form that misses what its channel needs, with the contract's words, creating nothing", async () => {
    const before = (await t.call(MONITOR_ENDPOINTS.tasks, { pageNumber: 1, pageSize: 10 }, { token: owner.token })).json().datas.totalRow;
    const cases: [Record<string, unknown>, string][] = [
      [keywordTaskForm([site], { keywords: [] }), MONITOR_MESSAGES.noKeywords],
      [keywordTaskForm([site], { sites: [] }), MONITOR_MESSAGES.noSites],
      [keywordTaskForm([site], { weeks: 0 }), MONITOR_MESSAGES.weeks],
      [keywordTaskForm([site], { weeks: 53 }), MONITOR_MESSAGES.weeks],
      [keywordTaskForm([site], { sites: [{ kind: "web", name: "甲", url: site.url("/") }, { kind: "web", name: "乙", url: site.url("/") }] }), MONITOR_MESSAGES.duplicateSite],
      [textForm([]), MONITOR_MESSAGES.noWorks],
    ];
    for (const [form, message] of cases) expect(await createTask(t, owner, form), message).toMatchObject({ code: 1001, message });
    expect((await t.call(MONITOR_ENDPOINTS.tasks, { pageNumber: 1, pageSize: 10 }, { token: owner.token })).json().datas.totalRow).toBe(before);
  });

  it("refuses works that are not the caller's or not of the channel's kind (3701)", async () => {
    const other = await verifiedApplicant(t);
    const theirs = await textWork(other);
    expect(await createTask(t, owner, textForm([theirs]))).toMatchObject({ code: MonitorCode.workRefused, message: MONITOR_MESSAGES.workNotFound });
    expect(await createTask(t, owner, textForm([999_999]))).toMatchObject({ code: MonitorCode.workRefused, message: MONITOR_MESSAGES.workNotFound });
    const mine = await textWork(owner);
    expect(await createTask(t, owner, textForm([mine], { channel: "picture" }))).toMatchObject({ code: MonitorCode.workRefused, message: MONITOR_MESSAGES.workKindMismatch });
    expect(await createTask(t, owner, textForm([mine], { channel: "publicOpinion", keywords: ["电动汽车"] }))).toMatchObject({ code: MonitorCode.workRefused, message: MONITOR_MESSAGES.workKindMismatch });
  });

  it("turns the caller's stored evidence into works of the rights channel, refusing another user's (3701)", async () => {
    const evidenceId = await storedText(t, owner, "权属文本");
    const task = await createdTask(t, owner, { ...keywordTaskForm([site]), channel: "rights", keywords: [], evidenceIds: [evidenceId] });
    const detail = (await t.call(MONITOR_ENDPOINTS.task, { id: task.id }, { token: owner.token })).json().datas;
    expect(detail.works).toMatchObject([{ kind: "evidence", name: "权属文本", ready: true }]);
    // The same evidence in a second task is the same work.
    const again = await createdTask(t, owner, { ...keywordTaskForm([site]), channel: "rights", keywords: [], evidenceIds: [evidenceId] });
    expect((await t.call(MONITOR_ENDPOINTS.task, { id: again.id }, { token: owner.token })).json().datas.works[0].id).toBe(detail.works[0].id);
    const other = await verifiedApplicant(t);
    await recharge(t, other, 100_000);
    expect(await createTask(t, other, { ...keywordTaskForm([site]), channel: "rights", keywords: [], evidenceIds: [evidenceId] })).toMatchObject({ code: MonitorCode.workRefused, message: MONITOR_MESSAGES.workNotFound });
    expect(await createTask(t, other, { ...keywordTaskForm([site]), channel: "rights", keywords: [], evidenceIds: [] })).toMatchObject({ code: 1001, message: MONITOR_MESSAGES.noWorks });
  });

  it("lists the owner's tasks with their figures, filtered by channel and state", async () => {
    await createdTask(t, owner, keywordTaskForm([site]));
    const page = (query: Record<string, unknown>) => t.call(MONITOR_ENDPOINTS.tasks, { pageNumber: 1, pageSize: 50, ...query }, { token: owner.token }).then((answer) => answer.json().datas);
    const all = await page({});
    const rights = await page({ channel: "rights" });
    expect(rights.list.length).toBeGreaterThan(0);
    expect(rights.list.every((row: { channel: string }) => row.channel === "rights")).toBe(true);
    expect(rights.totalRow).toBeLessThan(all.totalRow);
    const monitoring = await page({ state: "monitoring" });
    expect(monitoring.list.every((row: { state: string; billedWeeks: number; siteCount: number }) => row.state === "monitoring" && row.billedWeeks === 1 && row.siteCount >= 1)).toBe(true);
  });

  it("refuses a site the capture policy does not admit (3702) without charging", async () => {
    const before = await balanceOf(t, owner.id);
    const refused = await createTask(t, owner, keywordTaskForm([site], { sites: [{ kind: "web", name: "内网", url: "http://10.1.2.3/" }] }));
    expect(refused).toMatchObject({ code: MonitorCode.siteRefused });
    expect(refused.message).toContain(MONITOR_MESSAGES.siteRefused);
    expect(await balanceOf(t, owner.id)).toEqual(before);
  });

  it("prices by site kind and week (web 100, app 5000, search engine 1000 yuan) and reserves the first week when starting now", async () => {
    const before = await balanceOf(t, owner.id);
    const sites = [
      { kind: "web", name: "网站", url: site.url("/") },
      { kind: "app", name: "应用", url: site.url("/app") },
      { kind: "searchEngine", name: "搜索", url: site.url("/search") },
    ];
    const task = await createdTask(t, owner, keywordTaskForm([site], { sites, weeks: 4 }));
    expect(task.weeklyFeeFen).toBe(10_000 + 500_000 + 100_000);
    expect(task.taskNo).toMatch(/^JC\d{8}\d{6}$/);
    expect(await balanceOf(t, owner.id)).toEqual({ available: before.available - 610_000, reserved: before.reserved + 610_000 });
    expect((await weeksOf(t, task.id)).map((week) => [week.week, week.state, Number(week.amount_fen)])).toEqual([[1, "reserved", 610_000]]);
  });

  it("creates one task and reserves one week for a request key sent twice, also at once", async () => {
    const user = await verifiedApplicant(t);
    await recharge(t, user, 100_000);
    const form = keywordTaskForm([site], { requestKey: "retry-key-0001" });
    const [first, second] = await Promise.all([createTask(t, user, form), createTask(t, user, form)]);
    const third = await createTask(t, user, form);
    expect([first.code, second.code, third.code]).toEqual([200, 200, 200]);
    expect(new Set([first.datas.id, second.datas.id, third.datas.id]).size).toBe(1);
    expect(await balanceOf(t, user.id)).toEqual({ available: 90_000, reserved: 10_000 });
    // Another key is another task.
    expect((await createTask(t, user, { ...form, requestKey: "retry-key-0002" })).datas.id).not.toBe(first.datas.id);
  });

  it("starts a task with a later start time at that time (nothing reserved before)", async () => {
    const before = await balanceOf(t, owner.id);
    const task = await createdTask(t, owner, keywordTaskForm([site], { startTime: t.clock.now() + 3_600_000 }));
    expect(task.state).toBe("notStarted");
    // The scheduler starts it: the owner may only stop it meanwhile.
    expect(task.actions).toEqual(["stop"]);
    expect(await balanceOf(t, owner.id)).toEqual(before);
    await t.app.services.monitor.scheduler.tick();
    expect((await taskRow(t, task.id)).state).toBe("notStarted");
    t.clock.advance(3_600_000);
    await t.app.services.monitor.scheduler.tick();
    expect((await taskRow(t, task.id)).state).toBe("monitoring");
    expect((await balanceOf(t, owner.id)).reserved).toBe(before.reserved + 10_000);
    await t.app.services.monitor.queue.idle();
    // The hour moved past the session's idle limit.
    owner = await signedInAgain(t, owner);
  });
});

describe("account limits for a new task (spec §4, §6)", () => {
  it("answers 304 for an unverified account, 301 without balance, 305 for a sub-account, creating nothing", async () => {
    const unverified = await registerUser(t, "13700000002");
    expect(await createTask(t, unverified, keywordTaskForm([site]))).toMatchObject({ code: 304, message: ACCOUNT_LIMIT_MESSAGES[304] });
    const poor = await verifiedApplicant(t);
    expect(await createTask(t, poor, keywordTaskForm([site]))).toMatchObject({ code: 301, message: ACCOUNT_LIMIT_MESSAGES[301] });
    const sub = await subAccountOf(t, owner, "13700000003");
    expect(await createTask(t, { ...owner, token: sub.token }, keywordTaskForm([site]))).toMatchObject({ code: 305, message: ACCOUNT_LIMIT_MESSAGES[305] });
    for (const user of [unverified, poor]) expect((await t.call(MONITOR_ENDPOINTS.tasks, { pageNumber: 1, pageSize: 10 }, { token: user.token })).json().datas.totalRow).toBe(0);
    const account = (await t.call(MONITOR_ENDPOINTS.account, {}, { token: poor.token })).json();
    expect(account.datas, JSON.stringify(account)).toMatchObject({ balanceFen: 0, limitsCode: 301, limitsMessage: ACCOUNT_LIMIT_MESSAGES[301], activeTasks: 0 });
  });

  it("answers 301 with the balance message when the balance is positive but does not cover the first week", async () => {
    const user = await verifiedApplicant(t);
    await recharge(t, user, 5_000);
    expect(await createTask(t, user, keywordTaskForm([site]))).toMatchObject({ code: 301, message: INSUFFICIENT_BALANCE_MESSAGE });
    expect(await balanceOf(t, user.id)).toEqual({ available: 5_000, reserved: 0 });
    expect((await t.call(MONITOR_ENDPOINTS.tasks, { pageNumber: 1, pageSize: 10 }, { token: user.token })).json().datas.totalRow).toBe(0);
  });
});

describe("the task's machine through the calls", () => {
  /** A task of the owner brought to `state` through the calls. */
  async function taskIn(state: MonitorTaskState): Promise<number> {
    const later = state === "notStarted" ? { startTime: t.clock.now() + 86_400_000 } : {};
    const task = await createdTask(t, owner, keywordTaskForm([site], later));
    if (state === "paused") await t.call(MONITOR_ENDPOINTS.pauseTask, { id: task.id }, { token: owner.token });
    if (state === "stopped") await t.call(MONITOR_ENDPOINTS.stopTask, { id: task.id }, { token: owner.token });
    expect((await taskRow(t, task.id)).state).toBe(state);
    return task.id;
  }

  const calls = { pause: MONITOR_ENDPOINTS.pauseTask, resume: MONITOR_ENDPOINTS.resumeTask, stop: MONITOR_ENDPOINTS.stopTask } as const;
  const expected: Record<MonitorTaskState, Record<keyof typeof calls, MonitorTaskState | null>> = {
    notStarted: { pause: null, resume: null, stop: "stopped" },
    monitoring: { pause: "paused", resume: null, stop: "stopped" },
    paused: { pause: null, resume: "monitoring", stop: "stopped" },
    stopped: { pause: null, resume: null, stop: null },
  };
  const cases = Object.entries(expected).flatMap(([from, actions]) => Object.entries(actions).map(([action, to]) => ({ from: from as MonitorTaskState, action: action as keyof typeof calls, to })));

  it.each(cases)("$action from $from → $to", async ({ from, action, to }) => {
    const id = await taskIn(from);
    const answer = (await t.call(calls[action], { id }, { token: owner.token })).json();
    if (to) {
      expect(answer).toMatchObject({ code: 200, datas: { id, state: to } });
      if (action === "stop") expect(answer.datas.stopReason).toBe("user");
    } else {
      expect(answer).toMatchObject({ code: MonitorCode.stateRefused, message: `监测任务当前状态为“${MONITOR_TASK_STATE_LABELS[from]}”，不能${MONITOR_TASK_ACTION_LABELS[action]}` });
      expect((await taskRow(t, id)).state).toBe(from);
    }
    // Whatever happened, no task holds two open weeks.
    expect((await weeksOf(t, id)).filter((week) => week.state === "reserved").length).toBeLessThanOrEqual(1);
  });

  it("answers another user's task as missing", async () => {
    const id = await taskIn("monitoring");
    const other = await verifiedApplicant(t);
    expect((await t.call(MONITOR_ENDPOINTS.stopTask, { id }, { token: other.token })).json()).toMatchObject({ code: 404, message: MONITOR_MESSAGES.taskNotFound });
    expect((await t.call(MONITOR_ENDPOINTS.task, { id }, { token: other.token })).json()).toMatchObject({ code: 404, message: MONITOR_MESSAGES.taskNotFound });
    expect((await taskRow(t, id)).state).toBe("monitoring");
  });

  it("runs a monitoring task now, and refuses while one of its crawls runs (3703)", async () => {
    const task = await createdTask(t, owner, keywordTaskForm([slow]));
    expect((await t.call(MONITOR_ENDPOINTS.runTask, { id: task.id }, { token: owner.token })).json().code).toBe(200);
    await expect.poll(async () => (await runsOf(t, task.id)).map((run) => run.state)).toEqual(["running"]);
    expect((await t.call(MONITOR_ENDPOINTS.runTask, { id: task.id }, { token: owner.token })).json()).toMatchObject({ code: MonitorCode.runBusy, message: MONITOR_MESSAGES.runBusy });
    await t.app.services.monitor.queue.idle();
    const detail = (await t.call(MONITOR_ENDPOINTS.task, { id: task.id }, { token: owner.token })).json().datas;
    expect(detail.runs).toMatchObject([{ state: "done", pages: 1 }]);
    const paused = await taskIn("paused");
    expect((await t.call(MONITOR_ENDPOINTS.runTask, { id: paused }, { token: owner.token })).json()).toMatchObject({ code: MonitorCode.stateRefused, message: MONITOR_MESSAGES.runNotMonitoring });
  });
});
