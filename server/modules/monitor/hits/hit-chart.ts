import type { ChartData } from "../../../../src/schema/chart.js";
import { HIT_REVIEW_LABELS, HIT_REVIEW_STATES, MATCH_TYPE_LABELS, type HitReviewState, type MatchType, type MonitorChannel, type MonitorChartDimension } from "../../../../src/schema/monitor.js";
import { parseShanghaiDateTime, shanghaiDateKey } from "../../../../src/schema/shanghai-time.js";
import type { HitCount, HitsRepository } from "./hits.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A keyword hit matches no work. */
const NO_WORK_LABEL = "未关联作品";

/**
 * The charts of dataChart / dataAnalysis. One series per review state (待确认, 已确认侵权, 已排除),
 * drawn stacked: the bar's height is every hit found, and its parts say how many still wait for
 * the owner's decision, which a single 疑似侵权 series would hide.
 */
export class HitChart {
  constructor(private readonly deps: { repository: HitsRepository; now: () => number }) {}

  async chart(userId: number, query: { channel?: MonitorChannel; dimension: MonitorChartDimension; days: number }): Promise<ChartData> {
    const { dimension } = query;
    if (dimension === "day") return this.byDay(userId, query.channel, query.days);
    const counts = await this.deps.repository.countBy(userId, query.channel, dimension);
    return seriesByReview(counts.map((count) => ({ ...count, label: labelOf(dimension, count) })));
  }

  /** The last `days` Shanghai calendar days, today included, each present even with no hit. */
  private async byDay(userId: number, channel: MonitorChannel | undefined, days: number): Promise<ChartData> {
    const today = parseShanghaiDateTime(shanghaiDateKey(this.deps.now()))!;
    const categories = Array.from({ length: days }, (_, index) => shanghaiDateKey(today - (days - 1 - index) * DAY_MS));
    const from = today - (days - 1) * DAY_MS;
    const found = await this.deps.repository.foundSince(userId, channel, from);
    const series = HIT_REVIEW_STATES.map((review) => ({ name: HIT_REVIEW_LABELS[review], values: categories.map(() => 0) }));
    const dayIndex = new Map(categories.map((day, index) => [day, index]));
    for (const hit of found) {
      const index = dayIndex.get(shanghaiDateKey(Number(hit.found_at)));
      const reviewIndex = HIT_REVIEW_STATES.indexOf(hit.review as HitReviewState);
      if (index !== undefined && reviewIndex >= 0) series[reviewIndex].values[index] += 1;
    }
    return { categories, series };
  }
}

function labelOf(dimension: Exclude<MonitorChartDimension, "day">, count: HitCount): string {
  if (dimension === "matchType") return MATCH_TYPE_LABELS[count.key as MatchType] ?? count.key;
  if (dimension === "work") return count.key === "null" || !count.label ? NO_WORK_LABEL : count.label;
  return count.label;
}

/** Categories by total, largest first; one value per review state. */
function seriesByReview(counts: readonly HitCount[]): ChartData {
  const totals = new Map<string, { label: string; total: number; byReview: Map<string, number> }>();
  for (const count of counts) {
    const entry = totals.get(count.key) ?? { label: count.label, total: 0, byReview: new Map<string, number>() };
    entry.total += count.count;
    entry.byReview.set(count.review, (entry.byReview.get(count.review) ?? 0) + count.count);
    totals.set(count.key, entry);
  }
  const ordered = [...totals.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label, "zh-CN"));
  return {
    categories: ordered.map((entry) => entry.label),
    series: HIT_REVIEW_STATES.map((review) => ({ name: HIT_REVIEW_LABELS[review], values: ordered.map((entry) => entry.byReview.get(review) ?? 0) })),
  };
}
