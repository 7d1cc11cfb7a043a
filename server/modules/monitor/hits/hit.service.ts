import { HIT_REVIEW_LIFECYCLE, MONITOR_MESSAGES, MonitorCode, type HitReviewAction, type HitReviewState, type MonitorHitDetail, type MonitorHitListQuery, type MonitorHitRow } from "../../../../src/schema/monitor.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { filterDayRange } from "../../../../src/schema/time-range.js";
import { BusinessError } from "../../../http/envelope.js";
import type { HitEvidence } from "./hit-evidence.js";
import { toHitDetail, toHitRow } from "./hit-views.js";
import type { HitListRow, HitsRepository } from "./hits.repository.js";

/**
 * The owner's calls on hits (dataList, dataResults, the hit's page): lists, the detail with why it
 * matched, the review through HIT_REVIEW_LIFECYCLE, and a fresh capture of a failed evidence.
 * Another user's hit does not exist for the caller.
 */
export class HitService {
  constructor(private readonly deps: { repository: HitsRepository; evidence: HitEvidence; now: () => number }) {}

  async list(userId: number, query: MonitorHitListQuery): Promise<PageP<MonitorHitRow>> {
    const { rows, total } = await this.deps.repository.list(
      userId,
      {
        ...(query.channel ? { channel: query.channel } : {}),
        ...(query.taskId !== undefined ? { taskId: query.taskId } : {}),
        ...(query.review ? { review: query.review } : {}),
        ...(query.evidenceState ? { evidenceState: query.evidenceState } : {}),
        ...(query.matchType ? { matchType: query.matchType } : {}),
        ...(query.withCertificate ? { withCertificate: true } : {}),
        ...(query.keyName ? { keyName: query.keyName } : {}),
        ...filterDayRange(query.startTime, query.endTime),
      },
      query,
    );
    return { list: rows.map(toHitRow), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<MonitorHitDetail> {
    return toHitDetail(await this.ownRow(userId, id));
  }

  /** Confirming an infringement starts the capture of a hit not yet captured (a task without automatic capture). */
  async confirm(userId: number, id: number, note: string | undefined): Promise<MonitorHitDetail> {
    const hit = await this.review(userId, id, "confirm", note);
    if (hit.evidence_state === "none") await this.deps.evidence.start(hit, "none");
    return this.detail(userId, id);
  }

  async dismiss(userId: number, id: number, note: string | undefined): Promise<MonitorHitDetail> {
    await this.review(userId, id, "dismiss", note);
    return this.detail(userId, id);
  }

  /** A failed evidence is captured afresh (a new capture; the failed one stays as it is). */
  async retryEvidence(userId: number, id: number): Promise<MonitorHitDetail> {
    const hit = await this.ownRow(userId, id);
    if (hit.evidence_state !== "failed" || !(await this.deps.evidence.start(hit, "failed"))) {
      throw new BusinessError(MonitorCode.hitRefused, MONITOR_MESSAGES.hitEvidenceNotFailed);
    }
    return this.detail(userId, id);
  }

  /** One edge of the review machine, written only while the hit is still in the state it was read in. */
  private async review(userId: number, id: number, action: HitReviewAction, note: string | undefined): Promise<HitListRow> {
    const hit = await this.ownRow(userId, id);
    const from = hit.review as HitReviewState;
    if (!HIT_REVIEW_LIFECYCLE.can(from, action)) throw new BusinessError(MonitorCode.hitRefused, new HIT_REVIEW_LIFECYCLE.Error(from, action).message);
    const to = HIT_REVIEW_LIFECYCLE.next(from, action);
    const isMoved = await this.deps.repository.updateWhere(id, { review: from }, { review: to, review_note: note ?? null, reviewed_at: this.deps.now() });
    // Someone else moved it meanwhile: refused in the words of the state it is in now.
    if (!isMoved) {
      const now = await this.ownRow(userId, id);
      throw new BusinessError(MonitorCode.hitRefused, new HIT_REVIEW_LIFECYCLE.Error(now.review as HitReviewState, action).message);
    }
    return this.ownRow(userId, id);
  }

  private async ownRow(userId: number, id: number): Promise<HitListRow> {
    const row = await this.deps.repository.findForUser(userId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, MONITOR_MESSAGES.hitNotFound);
    return row;
  }
}
