import { createHash } from "node:crypto";
import { HitMatchSchema, type MonitorChannel } from "../../../../src/schema/monitor.js";
import type { MatchVerdict } from "../../../monitoring/monitoring.types.js";
import type { HitEvidence } from "./hit-evidence.js";
import type { HitsRepository } from "./hits.repository.js";

export type HitInput = {
  task: { id: number; userId: number; channel: MonitorChannel; autoCapture: boolean };
  siteId: number;
  runId: number;
  workId: number | null;
  url: string;
  title: string;
  author: string | null;
  publishTime: number | null;
  verdict: MatchVerdict;
};

/** Column widths of monitor_hits (migration 0033): a page's title or byline longer than these is cut, not refused. */
const TITLE_MAX = 300;
const AUTHOR_MAX = 100;

/** A page matching the same work the same way is one hit of a task, however often it is found again. */
export function hitKeyOf(url: string, workId: number | null, matchType: string): string {
  return createHash("sha256").update(JSON.stringify([url, workId, matchType])).digest("hex");
}

/**
 * Records what a crawl matched (called by the crawl executor, once per page and work). Idempotent
 * by the hit's key (unique per task): a page found again is not a second hit and starts no second
 * capture. A task with automatic capture has the page captured at once; otherwise the hit waits
 * (evidence none) until its owner confirms it.
 */
export class HitRecorder {
  constructor(private readonly deps: { repository: HitsRepository; evidence: HitEvidence; now: () => number }) {}

  async record(input: HitInput): Promise<{ created: boolean }> {
    const match = HitMatchSchema.parse(input.verdict.match);
    const id = await this.deps.repository.insertOnce({
      task_id: input.task.id,
      user_id: input.task.userId,
      site_id: input.siteId,
      run_id: input.runId,
      work_id: input.workId,
      channel: input.task.channel,
      url: input.url,
      hit_key: hitKeyOf(input.url, input.workId, match.kind),
      title: input.title.slice(0, TITLE_MAX),
      author: input.author?.slice(0, AUTHOR_MAX) ?? null,
      publish_at: input.publishTime,
      found_at: this.deps.now(),
      match_type: match.kind,
      score: Math.max(0, Math.min(100, Math.round(input.verdict.score))),
      match_json: JSON.stringify(match),
      review: "pending",
      review_note: null,
      reviewed_at: null,
      // Capturing from the start, so a crash before the capture exists leaves a hit the start-up reconciliation captures.
      evidence_state: input.task.autoCapture ? "capturing" : "none",
      capture_id: null,
      evidence_id: null,
      certificate_no: null,
      evidence_failure: null,
    });
    if (id === null) return { created: false };
    if (input.task.autoCapture) {
      const hit = await this.deps.repository.find(id);
      if (hit) await this.deps.evidence.attach(hit);
    }
    return { created: true };
  }
}
