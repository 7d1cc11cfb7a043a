import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { CAPTURE_LIFECYCLE, CaptureQaSchema, CaptureStateError, type CaptureState } from "../../../src/schema/capture.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { PackageUnits } from "../purchase/package-units.js";
import type { CapturePackages } from "./capture-packages.js";
import type { CaptureSettledListeners } from "./capture-settlements.js";
import { packageFilesOf } from "./capture-views.js";
import type { CaptureRepository, CaptureRow } from "./capture.repository.js";

export type CaptureSealerDependencies = {
  db: Kysely<Database>;
  repository: CaptureRepository;
  units: Pick<PackageUnits, "settle">;
  evidence: Pick<EvidenceService, "savePlatformContent" | "newCertificateNo">;
  blobs: BlobStore;
  /** Where the package waits (any process reads it there), removed once sealed. */
  packages: CapturePackages;
  /** Told once a capture is sealed (after the commit). */
  settled: CaptureSettledListeners;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * Seals a packaged capture (QA passed, or the holder accepted it): the WACZ into the blob store,
 * the evidence record under a certificate number chosen (durably) first, then the capture sealed
 * and its unit settled in one transaction. Each step can be repeated after a crash without
 * storing or charging anything twice: the blob store is content-addressed, the evidence is found
 * again by its number, and the last step is one transaction.
 */
export class CaptureSealer {
  constructor(private readonly deps: CaptureSealerDependencies) {}

  /**
   * `action` is the lifecycle's edge: "seal" from running (QA passed, or a monitoring capture, see
   * capture-runner.ts), "accept" from needsReview (the holder accepted the findings).
   * "failed" when the evidence could not be stored: the capture is left as it was, without its number, for the caller to fail or report. */
  async seal(row: CaptureRow, action: "seal" | "accept"): Promise<"sealed" | "failed"> {
    const { db, repository, evidence } = this.deps;
    const from = row.state as CaptureState;
    const to = CAPTURE_LIFECYCLE.next(from, action);
    let certificateNo = row.certificate_no;
    if (!certificateNo) {
      certificateNo = evidence.newCertificateNo();
      const number = certificateNo;
      if (!(await durableTransaction(db, (trx) => repository.updateIn(trx, row.id, from, { certificate_no: number, updated_at: this.deps.now() })))) throw new CaptureStateError(from, action);
    }
    let evidenceId: number;
    try {
      const blob = row.package_blob ?? (await this.commitPackage(row));
      evidenceId = await evidence.savePlatformContent(row.user_id, {
        kind: row.target === "rightsWeb" ? "rightsWeb" : "snapshot",
        certificateNo,
        name: row.name,
        size: Number(row.package_bytes),
        sha256: row.package_sha256!,
        sm3: row.package_sm3!,
        blobSha256: blob,
        details: evidenceDetails(row, action === "accept"),
      });
    } catch (error) {
      this.deps.log.error({ err: error, captureId: row.id }, "capture: sealing failed");
      // The next attempt starts under a new number (a failed evidence record keeps its own).
      await repository.updateIn(db, row.id, from, { certificate_no: null, updated_at: this.deps.now() });
      return "failed";
    }
    await durableTransaction(db, async (trx) => {
      const isMoved = await repository.updateIn(trx, row.id, from, { state: to, stage: "sealing", evidence_id: evidenceId, qa_accepted: action === "accept" ? 1 : 0, updated_at: this.deps.now() });
      if (!isMoved) throw new CaptureStateError(from, action);
      // A monitoring capture holds no unit: its task is paid by the week.
      if (row.unit_reservation_id !== null) await this.deps.units.settle(row.unit_reservation_id, trx);
    });
    await this.deps.packages.remove(row.id);
    await this.deps.settled.notify(await repository.find(row.id));
    return "sealed";
  }

  /** The waiting WACZ into the blob store, checked against the digest the packager reported. */
  private async commitPackage(row: CaptureRow): Promise<string> {
    const waiting = await this.deps.packages.open(row.id);
    if (!waiting) throw new Error(`capture ${row.id}: no package to seal`);
    const temp = await this.deps.blobs.writeTemp(waiting);
    if (temp.sha256 !== row.package_sha256) {
      await temp.discard();
      throw new Error(`capture ${row.id}: the package file no longer matches its digest`);
    }
    const blob = await temp.commit();
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.updateIn(trx, row.id, row.state as CaptureState, { package_blob: blob, updated_at: this.deps.now() }));
    return blob;
  }
}

/** What the evidence record keeps of the capture (its certificate's second page reads these). */
function evidenceDetails(row: CaptureRow, isAccepted: boolean): Record<string, unknown> {
  const provenance = row.provenance_json ? JSON.parse(row.provenance_json) : null;
  const qa = row.qa_json ? CaptureQaSchema.parse(JSON.parse(row.qa_json)) : null;
  return {
    ...(row.rights_json ? JSON.parse(row.rights_json) : {}),
    ...(row.target === "rightsWeb" ? { capturedBy: "platform" } : {}),
    url: row.url,
    finalUrl: row.final_url,
    title: row.title,
    purpose: row.purpose,
    ...(row.target === "monitor" ? { capturedBy: "monitoring" } : {}),
    captureId: row.id,
    captureStartedAt: provenance?.startedAt ?? null,
    captureEndedAt: provenance?.endedAt ?? null,
    chromium: provenance?.software?.chromium ?? null,
    manifestSha256: row.manifest_sha256,
    qaFindings: qa?.findings ?? [],
    qaAccepted: isAccepted,
    packageFiles: packageFilesOf(row),
    provenance,
  };
}
