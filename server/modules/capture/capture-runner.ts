import fsp from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { CAPTURE_LIFECYCLE, CAPTURE_MAX_ATTEMPTS, CAPTURE_REVIEW_DAYS, CaptureQaSchema, type CaptureFailureCode, type CaptureStage, type CaptureState } from "../../../src/schema/capture.js";
import { CaptureFailedError, type CapturedPage } from "../../capture/capture-engine.types.js";
import type { Database } from "../../db/database.js";
import { noPackage, type CaptureMoves } from "./capture-moves.js";
import type { CapturePackages } from "./capture-packages.js";
import type { CapturePorts } from "./capture-ports.js";
import type { CaptureSealer } from "./capture-sealer.js";
import type { CaptureRepository, CaptureRow } from "./capture.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why this server cannot capture when no engine is wired at all. */
export const NO_ENGINE_REASON = "本服务器未配置网页取证引擎";

export type CaptureRunnerDependencies = {
  db: Kysely<Database>;
  repository: CaptureRepository;
  moves: CaptureMoves;
  sealer: CaptureSealer;
  packages: CapturePackages;
  ports: Pick<CapturePorts, "engine" | "packager">;
  timeoutMs: number;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * The worker's side of a capture: claiming a queued row, running it from browser to seal, start-up
 * recovery of rows a crash left running, and housekeeping of reviews left too long.
 */
export class CaptureRunner {
  constructor(private readonly deps: CaptureRunnerDependencies) {}

  /** queued → running for the queue, counting the attempt. */
  async claim(row: CaptureRow): Promise<boolean> {
    const to = CAPTURE_LIFECYCLE.next(row.state as CaptureState, "start");
    const now = this.deps.now();
    return this.deps.repository.updateIn(this.deps.db, row.id, "queued", { state: to, attempts: row.attempts + 1, started_at: now, updated_at: now });
  }

  /**
   * One capture from browser to seal: the engine's artefacts, the package, then sealed when QA
   * passed (or for monitoring, isSealedWithoutReview) or left for the holder's review. A failure releases the unit and removes the files; a
   * close of the server leaves the row running for start-up recovery.
   */
  async run(row: CaptureRow, closing: AbortSignal): Promise<void> {
    const { engine, packager } = this.deps.ports;
    const { moves, repository, db } = this.deps;
    if (!engine) return moves.fail(row, "fail", "browserFailed", NO_ENGINE_REASON);
    const signal = AbortSignal.any([closing, AbortSignal.timeout(this.deps.timeoutMs)]);
    const workDir = this.deps.packages.workDirOf(row.id);
    let stages = Promise.resolve();
    const onStage = (stage: CaptureStage) => {
      // In the order reported, never after the capture has left `running`.
      stages = stages.then(() => this.setStage(row.id, stage)).catch((error) => this.deps.log.warn({ err: error, captureId: row.id }, "capture: stage not recorded"));
    };
    let page: CapturedPage | null = null;
    try {
      await fsp.mkdir(workDir, { recursive: true });
      page = await engine.capture({ captureId: row.id, url: row.url, onStage, signal });
      const built = await packager.build(page, { captureId: row.id, workDir });
      // Before the row names the package: whichever process seals or shows it reads it from the shared store.
      await this.deps.packages.keep(row.id, built.waczPath);
      await stages;
      const now = this.deps.now();
      const facts = {
        final_url: page.finalUrl,
        title: page.title,
        qa_json: JSON.stringify(page.qa),
        provenance_json: JSON.stringify(page.provenance),
        files_json: JSON.stringify(built.files),
        package_sha256: built.sha256,
        package_sm3: built.sm3,
        package_bytes: built.bytes,
        manifest_sha256: built.manifestSha256,
        ended_at: now,
        updated_at: now,
      };
      if (isSealedWithoutReview(row, page.qa.passed)) {
        if (await repository.updateIn(db, row.id, "running", { ...facts, stage: "sealing" })) await this.sealOrFail(row.id);
      } else {
        await repository.updateIn(db, row.id, "running", { ...facts, state: CAPTURE_LIFECYCLE.next("running", "flag") });
      }
    } catch (error) {
      await stages;
      // Shutting down: the row stays running and the next start resumes it.
      if (closing.aborted) return;
      const failure = failureOf(error, signal);
      if (!(error instanceof CaptureFailedError)) this.deps.log.error({ err: error, captureId: row.id }, "capture failed");
      const current = await repository.find(row.id);
      if (current?.state === "running") await moves.fail(current, "fail", failure.code, failure.detail);
    } finally {
      if (page) await fsp.rm(page.warcPath, { force: true });
    }
  }

  /**
   * Start-up (embedded): every capture a crash left running is settled by `resume`. With several
   * processes a shared queue resumes each one when its job comes back instead (server/jobs).
   */
  async recover(): Promise<{ resumed: number; sealed: number; abandoned: number }> {
    const counts = { resumed: 0, sealed: 0, abandoned: 0 };
    for (const row of await this.deps.repository.inState("running")) {
      const outcome = await this.resume(row);
      if (outcome !== "none") counts[outcome]++;
    }
    if (counts.resumed + counts.sealed + counts.abandoned > 0) this.deps.log.info(counts, "capture: settled captures an interrupted run left running");
    return counts;
  }

  /**
   * One capture an interrupted run left running: finished where its package was already made and
   * passed QA (it was being sealed), queued again while it has attempts left, failed otherwise.
   */
  async resume(row: CaptureRow): Promise<"resumed" | "sealed" | "abandoned" | "none"> {
    const { repository, moves, db } = this.deps;
    const qa = row.qa_json ? CaptureQaSchema.parse(JSON.parse(row.qa_json)) : null;
    if (row.package_sha256 && qa && isSealedWithoutReview(row, qa.passed)) return (await this.sealOrFail(row.id)) === "sealed" ? "sealed" : "none";
    if (row.attempts < CAPTURE_MAX_ATTEMPTS) {
      const to = CAPTURE_LIFECYCLE.next("running", "resume");
      const isResumed = await repository.updateIn(db, row.id, "running", { state: to, stage: "queued", ...noPackage(), updated_at: this.deps.now() });
      await moves.removeWork(row.id);
      return isResumed ? "resumed" : "none";
    }
    await moves.fail(row, "abandon", "interrupted", "");
    return "abandoned";
  }

  /** Housekeeping: a capture left unreviewed for CAPTURE_REVIEW_DAYS fails and its unit goes back. */
  async expireReviews(): Promise<number> {
    const rows = await this.deps.repository.reviewsEndedBy(this.deps.now() - CAPTURE_REVIEW_DAYS * DAY_MS);
    for (const row of rows) await this.deps.moves.fail(row, "expire", "reviewExpired", "");
    return rows.length;
  }

  /** Seals a capture whose QA passed; one that cannot be sealed fails (sealFailed) and its unit goes back. */
  private async sealOrFail(id: number): Promise<"sealed" | "failed"> {
    const row = await this.deps.repository.find(id);
    if (!row) return "failed";
    if ((await this.deps.sealer.seal(row, "seal")) === "sealed") return "sealed";
    const current = await this.deps.repository.find(id);
    if (current?.state === "running") await this.deps.moves.fail(current, "fail", "sealFailed", "");
    return "failed";
  }

  private async setStage(id: number, stage: CaptureStage): Promise<void> {
    await this.deps.repository.updateIn(this.deps.db, id, "running", { stage, updated_at: this.deps.now() });
  }
}

/**
 * Whether a packaged capture is sealed at once. A monitoring capture is sealed even when QA found
 * something: nobody is there to review it (the hit was found by a crawl, perhaps at night), and a
 * page left waiting for a review could change or vanish meanwhile, losing the evidence. The
 * findings travel with the evidence (qaFindings) and the certificate states them, without claiming
 * that a holder accepted them (qaAccepted stays false).
 */
function isSealedWithoutReview(row: CaptureRow, isQaPassed: boolean): boolean {
  return isQaPassed || row.target === "monitor";
}

function failureOf(error: unknown, signal: AbortSignal): { code: CaptureFailureCode; detail: string } {
  if (error instanceof CaptureFailedError) return { code: error.code, detail: error.detail };
  if (signal.aborted) return { code: "timeout", detail: "" };
  return { code: "browserFailed", detail: "" };
}
