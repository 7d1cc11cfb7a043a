import { MONITOR_WEEKLY_PRICE_FEN } from "./constants";

/**
 * Whole-network monitoring bill (spec §9): each monitored site costs its kind's weekly price, and a
 * bill is the weekly sum over all sites times the number of weeks.
 */
export type MonitorSiteKind = keyof typeof MONITOR_WEEKLY_PRICE_FEN;

export const MONITOR_SITE_KINDS: readonly { kind: MonitorSiteKind; label: string; unit: string }[] = [
  { kind: "web", label: "网站", unit: "个网站" },
  { kind: "app", label: "移动应用（App）", unit: "个应用" },
  { kind: "searchEngine", label: "搜索引擎", unit: "个搜索引擎" },
];

export type MonitorSiteCounts = Record<MonitorSiteKind, number>;

/** Fen per week for these sites; negative or fractional counts are not sites and count as 0. */
export function weeklyMonitorPriceFen(sites: MonitorSiteCounts): number {
  return MONITOR_SITE_KINDS.reduce((sum, { kind }) => sum + wholeCount(sites[kind]) * MONITOR_WEEKLY_PRICE_FEN[kind], 0);
}

export function monitorPriceFen(sites: MonitorSiteCounts, weeks: number): number {
  return weeklyMonitorPriceFen(sites) * wholeCount(weeks);
}

function wholeCount(value: number): number {
  return Number.isInteger(value) && value > 0 ? value : 0;
}
