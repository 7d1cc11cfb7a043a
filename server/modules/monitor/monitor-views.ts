import {
  MONITOR_TASK_LIFECYCLE,
  type MonitorChannel,
  type MonitorFrequency,
  type MonitorRun,
  type MonitorRunState,
  type MonitorStopReason,
  type MonitorTaskDetail,
  type MonitorTaskRow,
  type MonitorTaskState,
  type MonitorWork,
  type WorkKind,
} from "../../../src/schema/monitor.js";
import type { MonitorSiteKind } from "../../../src/schema/monitor-pricing.js";
import type { RunRow, SiteRow, TaskRow, WeekRow, WorkRow } from "./monitor.repository.js";

/** What the owner sees of a work; fingerprints stay on the server. */
export function workView(row: WorkRow): MonitorWork {
  return {
    id: row.id,
    kind: row.kind as WorkKind,
    name: row.name,
    sha256: row.sha256,
    size: Number(row.size),
    summary: row.summary,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    ready: row.fingerprint_json !== null && row.failure === null,
    failure: row.failure,
    createTime: Number(row.created_at),
  };
}

export type TaskFigures = { sites: number; works: number; hits: number; billedWeeks: number; chargedFen: number };

export function taskRowView(row: TaskRow, figures: TaskFigures): MonitorTaskRow {
  return {
    id: row.id,
    taskNo: row.task_no,
    channel: row.channel as MonitorChannel,
    name: row.name,
    state: row.state as MonitorTaskState,
    stopReason: row.stop_reason as MonitorStopReason | null,
    siteCount: figures.sites,
    workCount: figures.works,
    frequency: row.frequency as MonitorFrequency,
    weeks: row.weeks,
    weeklyFeeFen: Number(row.weekly_fee_fen),
    billedWeeks: figures.billedWeeks,
    chargedFen: figures.chargedFen,
    hitCount: figures.hits,
    startTime: Number(row.start_at),
    endTime: row.end_at === null ? null : Number(row.end_at),
    lastRunTime: row.last_run_at === null ? null : Number(row.last_run_at),
    nextRunTime: row.next_run_at === null ? null : Number(row.next_run_at),
    createTime: Number(row.created_at),
  };
}

export function taskDetailView(
  row: TaskRow,
  parts: { figures: TaskFigures; sites: SiteRow[]; works: WorkRow[]; weeks: WeekRow[]; runs: (RunRow & { site_name: string })[] },
): MonitorTaskDetail {
  const state = row.state as MonitorTaskState;
  return {
    ...taskRowView(row, parts.figures),
    sites: parts.sites.map((site) => ({ id: site.id, kind: site.kind as MonitorSiteKind, name: site.name, url: site.url, depth: site.depth, maxPages: site.max_pages })),
    works: parts.works.map(workView),
    keywords: JSON.parse(row.keywords_json) as string[],
    excludeKeywords: JSON.parse(row.exclude_keywords_json) as string[],
    autoCapture: row.auto_capture === 1,
    weeksBilled: parts.weeks.map((week) => ({
      week: week.week,
      state: week.state as "reserved" | "settled" | "released",
      amountFen: Number(week.amount_fen),
      startTime: Number(week.starts_at),
      endTime: Number(week.closed_at ?? week.ends_at),
    })),
    runs: parts.runs.map(runView),
    actions: MONITOR_TASK_LIFECYCLE.actionsFrom(state, "owner"),
  };
}

function runView(run: RunRow & { site_name: string }): MonitorRun {
  return {
    id: run.id,
    siteName: run.site_name,
    state: run.state as MonitorRunState,
    pages: run.pages,
    bytes: Number(run.bytes),
    skippedByRobots: run.skipped_by_robots,
    hits: run.hits,
    failure: run.failure,
    startTime: run.started_at === null ? null : Number(run.started_at),
    endTime: run.ended_at === null ? null : Number(run.ended_at),
  };
}
