import { SectionRouteElement } from "../../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";
import { registryPath } from "../../../src/resources/registry-paths";
import type { MonitorAccount, MonitorHitDetail, MonitorHitRow, MonitorTaskDetail, MonitorTaskRow, MonitorWork } from "../../../src/schema/monitor";
import { ok, type ScriptedAnswer } from "../account-harness";
import { renderPersonal } from "../personal-harness";

/** /monitor pages through the registry's own routes, against scripted /webapi answers. */

export const MONITOR_ROUTES = deriveRoutes(REGISTRY).filter((route) => route.main.key === "monitor");
export const SLOW = { timeout: 15_000 };
export const T0 = Date.parse("2026-11-24T10:00:00+08:00");

export function openMonitorPage(section: string, page: string, script: Record<string, ScriptedAnswer>, search = "") {
  const path = registryPath(`monitor/${section}`, page);
  const route = MONITOR_ROUTES.find((candidate) => candidate.path === path)!;
  return { route, ...renderPersonal({ path: path + search, element: <SectionRouteElement route={route} />, routes: MONITOR_ROUTES, script }) };
}

export const pageOf = <T,>(list: T[]) => ok({ list, pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: list.length });

export const account = (overrides: Partial<MonitorAccount> = {}): MonitorAccount => ({
  balanceFen: 500_000,
  limitsCode: null,
  limitsMessage: null,
  unavailable: [],
  activeTasks: 0,
  pendingHits: 0,
  ...overrides,
});

export const work = (overrides: Partial<MonitorWork> = {}): MonitorWork => ({
  id: 11,
  kind: "text",
  name: "山间清晨（原创散文）",
  sha256: "a".repeat(64),
  size: 4096,
  summary: "清晨的山谷里雾气还没有散去",
  durationMs: null,
  ready: true,
  failure: null,
  createTime: T0,
  ...overrides,
});

export const taskRow = (overrides: Partial<MonitorTaskRow> = {}): MonitorTaskRow => ({
  id: 31,
  taskNo: "JC20261124000031",
  channel: "text",
  name: "散文全网监测",
  state: "monitoring",
  stopReason: null,
  siteCount: 2,
  workCount: 1,
  frequency: "daily",
  weeks: 4,
  weeklyFeeFen: 20_000,
  billedWeeks: 1,
  chargedFen: 0,
  hitCount: 1,
  startTime: T0,
  endTime: null,
  lastRunTime: null,
  nextRunTime: T0 + 3_600_000,
  createTime: T0,
  ...overrides,
});

export const taskDetail = (overrides: Partial<MonitorTaskDetail> = {}): MonitorTaskDetail => ({
  ...taskRow(),
  sites: [
    { id: 1, kind: "web", name: "样例转载站", url: "http://127.0.0.1:18401/", depth: 2, maxPages: 100 },
    { id: 2, kind: "web", name: "样例无关站", url: "http://127.0.0.1:18402/", depth: 2, maxPages: 100 },
  ],
  works: [work()],
  keywords: [],
  excludeKeywords: [],
  autoCapture: true,
  weeksBilled: [{ week: 1, state: "reserved", amountFen: 20_000, startTime: T0, endTime: T0 + 7 * 86_400_000 }],
  runs: [{ id: 5, siteName: "样例转载站", state: "done", pages: 12, bytes: 48_000, skippedByRobots: 1, hits: 1, failure: null, startTime: T0, endTime: T0 + 60_000 }],
  actions: ["pause", "stop"],
  ...overrides,
});

export const hitRow = (overrides: Partial<MonitorHitRow> = {}): MonitorHitRow => ({
  id: 71,
  taskId: 31,
  taskNo: "JC20261124000031",
  channel: "text",
  title: "清晨山谷随笔（转载）",
  url: "http://127.0.0.1:18401/posts/7.html",
  platform: "样例转载站",
  author: "路人甲",
  publishTime: T0 - 86_400_000,
  foundTime: T0,
  matchType: "text",
  score: 86,
  workName: "山间清晨（原创散文）",
  review: "pending",
  evidenceState: "stored",
  evidenceId: 901,
  certificateNo: "HZ20261124MONITOR000071",
  ...overrides,
});

export const hitDetail = (overrides: Partial<MonitorHitDetail> = {}): MonitorHitDetail => ({
  ...hitRow(),
  match: {
    kind: "text",
    simhashDistance: 6,
    overlapRatio: 0.62,
    passages: [{ work: "清晨的山谷里雾气还没有散去", found: "清晨的山谷中雾气尚未散去", workOffset: 0, foundOffset: 120 }],
  },
  siteName: "样例转载站",
  captureId: 44,
  evidenceFailure: null,
  reviewNote: null,
  reviewTime: null,
  actions: ["confirm", "dismiss"],
  ...overrides,
});
