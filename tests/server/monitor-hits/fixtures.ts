import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { HitMatch, MonitorChannel } from "../../../src/schema/monitor.js";
import type { MatchVerdict } from "../../../server/monitoring/monitoring.types.js";
import type { MonitorHitServices } from "../../../server/modules/monitor/hits/hits.setup.js";
import type { HitInput } from "../../../server/modules/monitor/hits/hit-recorder.js";
import type { MonitorReportServices } from "../../../server/modules/monitor/reports/reports.setup.js";
import type { TestApp } from "../support/test-app.js";

/**
 * The monitor_* rows the hit and report tests stand on (a task, its site, a work, a run), inserted
 * with Kysely: the monitor module's own service creates them in production. And the hits and
 * reports parts of the module as the platform set them up.
 */

type MountedServices = MonitorHitServices & { reports: MonitorReportServices };

/**
 * The hits and reports parts of the monitor module as the app built them, read by a test module
 * registered after the platform's own (a restart reads them again).
 */
export function hitsModule(): { plugin: (app: FastifyInstance) => Promise<void>; services(): MountedServices } {
  let services: MountedServices | null = null;
  return {
    plugin: async (app) => {
      services = { ...app.services.monitor.hits, reports: app.services.monitor.reports };
    },
    services: () => {
      if (!services) throw new Error("the monitor module is not registered");
      return services;
    },
  };
}

export type MonitorWorld = { taskId: number; taskNo: string; siteId: number; runId: number; workId: number; channel: MonitorChannel };

let nextTask = 1;

/** A monitoring task of `userId` with one site, one text work and one finished run. */
export async function insertMonitorTask(
  t: TestApp,
  userId: number,
  options: { channel?: MonitorChannel; name?: string; autoCapture?: boolean; siteName?: string; siteUrl?: string; workName?: string; weeks?: number; weeklyFeeFen?: number } = {},
): Promise<MonitorWorld> {
  const db = t.database.handle.db;
  const now = t.clock.now();
  const channel = options.channel ?? "text";
  const taskNo = `JC${String(now).slice(-6)}${String(nextTask++).padStart(4, "0")}`;
  const task = await db
    .insertInto("monitor_tasks")
    .values({
      uid: randomBytes(16).toString("hex"),
      task_no: taskNo,
      user_id: userId,
      channel,
      name: options.name ?? "原创文章监测",
      state: "monitoring",
      stop_reason: null,
      keywords_json: "[]",
      exclude_keywords_json: "[]",
      frequency: "daily",
      weeks: options.weeks ?? 4,
      weekly_fee_fen: options.weeklyFeeFen ?? 10_000,
      auto_capture: options.autoCapture === false ? 0 : 1,
      start_at: now,
      end_at: null,
      next_run_at: now + 86_400_000,
      last_run_at: now,
      request_key: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto("monitor_sites")
    .values({ task_id: task.id, position: 0, kind: "web", name: options.siteName ?? "测试站点甲", url: options.siteUrl ?? "http://127.0.0.1:9/", depth: 2, max_pages: 100 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const work = await db
    .insertInto("monitor_works")
    .values({
      user_id: userId,
      kind: "text",
      name: options.workName ?? "山间晨雾",
      sha256: randomBytes(32).toString("hex"),
      size: 1200,
      content_type: "text/plain",
      evidence_id: null,
      summary: "清晨的山谷里，雾气像一条缓慢流动的河……",
      duration_ms: null,
      fingerprint_json: null,
      failure: null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("monitor_task_works").values({ task_id: task.id, work_id: work.id }).execute();
  const run = await db
    .insertInto("monitor_runs")
    .values({ task_id: task.id, site_id: site.id, state: "done", site_busy: null, pages: 3, bytes: 4096, skipped_by_robots: 0, hits: 0, attempts: 1, failure: null, queued_at: now, started_at: now, ended_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { taskId: task.id, taskNo, siteId: site.id, runId: run.id, workId: work.id, channel };
}

/** A text verdict as the text matcher gives it: the distance, the share and the passages side by side. */
export function textVerdict(score = 91): MatchVerdict {
  const match: HitMatch = {
    kind: "text",
    simhashDistance: 4,
    overlapRatio: 0.82,
    passages: [{ work: "雾气像一条缓慢流动的河", found: "雾气像一条缓缓流动的河", workOffset: 7, foundOffset: 30 }],
  };
  return { score, match };
}

export function imageVerdict(score = 88): MatchVerdict {
  return { score, match: { kind: "image", imageUrl: "http://127.0.0.1:9/p/1.jpg", distances: { phash: 6, dhash: 8, ahash: 5 }, variant: "mirrored", region: null } };
}

/** What the crawl executor hands the recorder for one page of `world`. */
export function hitInput(world: MonitorWorld, userId: number, page: { url: string; title?: string; verdict?: MatchVerdict; autoCapture?: boolean; workId?: number | null }): HitInput {
  return {
    task: { id: world.taskId, userId, channel: world.channel, autoCapture: page.autoCapture ?? true },
    siteId: world.siteId,
    runId: world.runId,
    workId: page.workId === undefined ? world.workId : page.workId,
    url: page.url,
    title: page.title ?? "转载：山间晨雾",
    author: "佚名",
    publishTime: null,
    verdict: page.verdict ?? textVerdict(),
  };
}
