import { HIT_REVIEW_LIFECYCLE, HitMatchSchema, type HitEvidenceState, type HitReviewState, type MatchType, type MonitorChannel, type MonitorHitDetail, type MonitorHitRow } from "../../../../src/schema/monitor.js";
import type { HitListRow } from "./hits.repository.js";

/** The platform a page was found on, as its address names it (the site entry may cover several hosts). */
export function platformOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url.slice(0, 100);
  }
}

export function toHitRow(row: HitListRow): MonitorHitRow {
  return {
    id: row.id,
    taskId: row.task_id,
    taskNo: row.task_no,
    channel: row.channel as MonitorChannel,
    title: row.title,
    url: row.url,
    platform: platformOf(row.url),
    author: row.author,
    publishTime: row.publish_at === null ? null : Number(row.publish_at),
    foundTime: Number(row.found_at),
    matchType: row.match_type as MatchType,
    score: row.score,
    workName: row.work_name,
    review: row.review as HitReviewState,
    evidenceState: row.evidence_state as HitEvidenceState,
    evidenceId: row.evidence_state === "stored" ? row.evidence_id : null,
    certificateNo: row.evidence_state === "stored" ? row.certificate_no : null,
  };
}

export function toHitDetail(row: HitListRow): MonitorHitDetail {
  return {
    ...toHitRow(row),
    match: HitMatchSchema.parse(JSON.parse(row.match_json)),
    siteName: row.site_name,
    captureId: row.capture_id,
    evidenceFailure: row.evidence_state === "failed" ? row.evidence_failure : null,
    reviewNote: row.review_note,
    reviewTime: row.reviewed_at === null ? null : Number(row.reviewed_at),
    actions: HIT_REVIEW_LIFECYCLE.actionsFrom(row.review as HitReviewState),
  };
}
