import { MATCH_TYPE_LABELS, type MatchType } from "../../../../src/schema/monitor.js";
import { BusinessError } from "../../../http/envelope.js";
import type { CaptureSettlement } from "../../capture/capture-settlements.js";
import type { CaptureService } from "../../capture/capture.service.js";
import type { HitRow, HitsRepository } from "./hits.repository.js";

/** What the hits need of the capture module. */
export type HitCaptures = Pick<CaptureService, "createForMonitor" | "onSettled" | "settlements">;

export type HitEvidenceDependencies = {
  repository: HitsRepository;
  captures: HitCaptures;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
};

/**
 * A hit's web evidence: the capture of the page it was found on (capture module, target
 * "monitor"), and what the hit learns when that capture ends. The hit moves to `capturing` first
 * (a conditional update, so two callers never start two captures), then the capture is created and
 * its id written down. A crash between the two leaves a capturing hit without a capture, which
 * the start-up reconciliation captures again; a capture that ended while nobody listened (a crash
 * after sealing) is read back by the same reconciliation.
 */
export class HitEvidence {
  constructor(private readonly deps: HitEvidenceDependencies) {}

  /** Starts the capture of a hit whose evidence is `from` (none: new or confirmed; failed: a retry). False when the hit was no longer in `from`. */
  async start(hit: HitRow, from: "none" | "failed"): Promise<boolean> {
    const isClaimed = await this.deps.repository.updateWhere(hit.id, { evidence_state: from }, { evidence_state: "capturing", capture_id: null, evidence_failure: null, evidence_id: null, certificate_no: null });
    if (isClaimed) await this.attach(hit);
    return isClaimed;
  }

  /** Creates the capture of a capturing hit that has none, and records its id (or the refusal, as the hit's failure). */
  async attach(hit: HitRow): Promise<void> {
    const { repository, captures } = this.deps;
    let captureId: number;
    try {
      const capture = await captures.createForMonitor(hit.user_id, { url: hit.url, name: hit.title || hit.url, purpose: await this.purposeOf(hit) });
      captureId = capture.id;
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      // Refused before anything was created (the address policy, no browser on this server): said on the hit.
      await repository.updateWhere(hit.id, { evidence_state: "capturing", capture_id: null }, { evidence_state: "failed", evidence_failure: error.message.slice(0, 500) });
      return;
    }
    await repository.updateWhere(hit.id, { evidence_state: "capturing", capture_id: null }, { capture_id: captureId });
    // The queue may have finished it before its id was written down (nobody matched it then).
    const [ended] = await captures.settlements([captureId]);
    if (ended) await this.apply(ended);
  }

  /** A capture ended: the hits waiting on it take its evidence, or its failure. */
  async apply(settlement: CaptureSettlement): Promise<void> {
    if (settlement.target !== "monitor") return;
    for (const hit of await this.deps.repository.byCapture(settlement.captureId)) {
      const patch =
        settlement.state === "sealed"
          ? { evidence_state: "stored", evidence_id: settlement.evidenceId, certificate_no: settlement.certificateNo, evidence_failure: null }
          : { evidence_state: "failed", evidence_failure: settlement.failure };
      // A failed capture the holder retried from the captures page reports again: the hit follows it.
      for (const from of ["capturing", "failed"]) {
        if (await this.deps.repository.updateWhere(hit.id, { evidence_state: from, capture_id: settlement.captureId }, patch)) break;
      }
    }
  }

  /**
   * Start-up: hits still capturing whose capture already ended take its outcome (a crash between
   * the capture's commit and its listener); those without a capture get one (a crash before it was made).
   */
  async reconcile(): Promise<{ updated: number; restarted: number }> {
    const waiting = await this.deps.repository.capturing();
    const settlements = await this.deps.captures.settlements(waiting.flatMap((hit) => (hit.capture_id === null ? [] : [hit.capture_id])));
    for (const settlement of settlements) await this.apply(settlement);
    const orphans = waiting.filter((hit) => hit.capture_id === null);
    for (const hit of orphans) await this.attach(hit);
    const counts = { updated: settlements.length, restarted: orphans.length };
    if (counts.updated + counts.restarted > 0) this.deps.log.info(counts, "monitor: hit evidence reconciled with the captures");
    return counts;
  }

  /** The capture's purpose, kept in the evidence record: where the page came from and why. */
  private async purposeOf(hit: HitRow): Promise<string> {
    const { taskNo, workName } = await this.deps.repository.captureContext(hit.task_id, hit.work_id);
    const why = `${MATCH_TYPE_LABELS[hit.match_type as MatchType]}，相似度 ${hit.score}`;
    return `全网监测任务 ${taskNo} 发现的疑似侵权页面${workName ? `，匹配作品《${workName}》` : ""}（${why}）`.slice(0, 200);
  }
}
