import { expect } from "vitest";
import { MONITOR_ENDPOINTS } from "../../../src/schema/monitor.js";
import { WEEK_MS } from "../../../server/modules/monitor/monitor-moves.js";
import { articlePage, newsSite, robots, startMonitorSite, type MonitorSite } from "../../support/monitor-sites.js";
import { passwordLogin, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";

export { WEEK_MS };

/**
 * What a monitoring server test needs: loopback sites the capture policy admits, an app whose
 * scheduler passes only when the test calls `tick()` (MONITOR_TICK_MS an hour) and crawls without
 * politeness pauses, and the user calls through the contract.
 */

/** A small site of our own writing; the tasks' default keyword (电动汽车) is not on it, so its crawls find nothing. */
export async function startSite(name = "本地资讯"): Promise<MonitorSite> {
  return startMonitorSite(
    newsSite(name, [
      { path: "/news/1.html", title: "社区图书角开放", author: "王编辑", published: "2026-11-20", paragraphs: ["社区图书角本周六开放，居民可凭证借阅。", "志愿者每天下午值守，欢迎捐赠旧书。"] },
      { path: "/news/2.html", title: "周末气温回升", author: "李编辑", published: "2026-11-21", paragraphs: ["气象台预计周末气温回升，早晚仍需添衣。", "下周初有一次弱降雨过程。"] },
    ]),
  );
}

export const monitorEnv = (sites: readonly MonitorSite[], extra: Record<string, string> = {}) => ({
  CAPTURE_ALLOWED_HOSTS: sites.map((site) => site.host).join(","),
  MONITOR_TICK_MS: "3600000",
  MONITOR_CRAWL_DELAY_MS: "0",
  ...extra,
});

export async function monitorApp(sites: readonly MonitorSite[], extra: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ seedDemo: false, env: monitorEnv(sites, extra) });
}

export async function restartMonitorApp(t: TestApp, sites: readonly MonitorSite[], extra: Record<string, string> = {}): Promise<TestApp> {
  return restartTestApp(t, { seedDemo: false, env: monitorEnv(sites, extra) });
}

/** A public-opinion task over `sites` (keywords need no works, so billing and schedule are tested on their own). */
export function keywordTaskForm(sites: readonly MonitorSite[], fields: Record<string, unknown> = {}) {
  return {
    channel: "publicOpinion",
    name: "舆情监测任务",
    keywords: ["电动汽车"],
    sites: sites.map((site, i) => ({ kind: "web", name: `站点${i + 1}`, url: site.url("/") })),
    weeks: 2,
    frequency: "daily",
    ...fields,
  };
}

export async function createTask(t: TestApp, user: RegisteredUser, form: Record<string, unknown>) {
  return (await t.call(MONITOR_ENDPOINTS.createTask, form, { token: user.token })).json();
}

/** Creates a task that must be accepted; answers its detail. */
export async function createdTask(t: TestApp, user: RegisteredUser, form: Record<string, unknown>) {
  const answer = await createTask(t, user, form);
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
  return answer.datas as { id: number; taskNo: string; state: string; weeklyFeeFen: number; actions: string[] };
}

/** The user's session after the clock moved past its idle limit: signed in again. */
export async function signedInAgain(t: TestApp, user: RegisteredUser): Promise<RegisteredUser> {
  const answer = await passwordLogin(t, user.account, user.password);
  expect(answer.code).toBe(200);
  return { ...user, token: answer.datas.token };
}

/** One scheduler pass, then every crawl it queued run to its end. */
export async function passAndCrawl(t: TestApp): Promise<void> {
  await t.app.services.monitor.scheduler.tick();
  await t.app.services.monitor.queue.idle();
}

export const db = (t: TestApp) => t.database.handle.db;

export const taskRow = (t: TestApp, id: number) => db(t).selectFrom("monitor_tasks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
export const weeksOf = (t: TestApp, id: number) => db(t).selectFrom("monitor_weeks").selectAll().where("task_id", "=", id).orderBy("week").execute();
export const runsOf = (t: TestApp, id: number) => db(t).selectFrom("monitor_runs").selectAll().where("task_id", "=", id).orderBy("id").execute();
export const reservationsOf = (t: TestApp, userId: number) =>
  db(t).selectFrom("money_reservations").select(["reference", "state", "amount_fen"]).where("user_id", "=", userId).where("service", "=", "monitoring").orderBy("id").execute();

/** A site whose robots.txt answers 500: RFC 9309 says disallow all, so every crawl of it fails (nothing ran). */
export async function startRefusingSite(): Promise<MonitorSite> {
  return startMonitorSite({ "/robots.txt": { ...robots("User-agent: *\nAllow: /\n"), status: 500 }, "/": articlePage("暂停服务", { path: "/", title: "暂停服务", author: "站务", published: "2026-11-20", paragraphs: ["本站维护中。"] }) });
}
