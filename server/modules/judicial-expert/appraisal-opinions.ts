import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import { APPRAISAL_MESSAGES, APPRAISAL_OPINION_RULE, COMMISSION_LIFECYCLE, type CommissionState } from "../../../src/schema/judicial-expert.js";
import { findUploadProblem, UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { EvidenceRecord } from "../evidence/evidence.types.js";
import { uploadRefusal } from "../evidence/evidence-ingest.js";
import type { AppraisalRepository, CommissionRecordRow } from "./appraisal.repository.js";
import { stateRefusal, type CommissionMover } from "./commission-moves.js";

export type AppraisalOpinionsDependencies = {
  db: Kysely<Database>;
  repository: AppraisalRepository;
  blobs: BlobStore;
  evidence: Pick<EvidenceService, "savePlatformContent" | "newCertificateNo" | "findByCertificateNo">;
  /** Completes the commission once its opinion is stored (an edge with its notice). */
  complete: (row: CommissionRecordRow, mover: CommissionMover, opinionEvidenceId: number) => Promise<CommissionRecordRow>;
  now: () => number;
  log: FastifyBaseLogger;
};

/** A PDF starts with its header within the first kilobyte (ISO 32000-1 §7.5.2, as readers accept it). */
const isPdf = (content: Buffer) => content.subarray(0, 1024).indexOf("%PDF-") !== -1;

/**
 * The appraisal opinion (issue 17): a PDF the institution's expert uploads, "sealed onto the
 * ledger" as evidence of kind appraisalOpinion held by the applicant, with its own certificate and
 * ledger entry. The file goes to the blob store, the commission row records it (still in progress)
 * under a certificate number chosen beforehand, and only then is it stored as evidence and the
 * commission completed, so a process killed in between finishes it at the next start (`recover`)
 * under the same number: nothing stored twice, no opinion lost once the upload was accepted.
 */
export class AppraisalOpinions {
  constructor(private readonly deps: AppraisalOpinionsDependencies) {}

  async upload(row: CommissionRecordRow, mover: CommissionMover, file: UploadedFile | undefined): Promise<CommissionRecordRow> {
    // The machine refuses before anything is read or stored.
    try {
      COMMISSION_LIFECYCLE.edge(row.state as CommissionState, "complete");
    } catch (error) {
      stateRefusal(error);
    }
    const messages = { ...UPLOAD_MESSAGES, ...APPRAISAL_OPINION_RULE.messages };
    if (!file) throw uploadRefusal(messages.missing);
    const problem = findUploadProblem({ name: file.filename, size: file.isTruncated ? APPRAISAL_OPINION_RULE.maxBytes + 1 : file.size }, APPRAISAL_OPINION_RULE);
    if (problem) throw uploadRefusal(problem.message);
    if (!isPdf(file.content)) throw uploadRefusal(APPRAISAL_MESSAGES.opinionNotPdf);
    const sha256 = await this.deps.blobs.put(file.content);
    const recorded = await durableTransaction(this.deps.db, (trx) =>
      this.deps.repository.updateCommissionIn(trx, row.id, "inProgress", {
        opinion_certificate_no: this.deps.evidence.newCertificateNo(),
        opinion_file_name: file.filename,
        opinion_size: file.size,
        opinion_sha256: sha256,
        opinion_sm3: createHash("sm3").update(file.content).digest("hex"),
        opinion_evidence_id: null,
        opinion_expert_id: mover.userId,
        // When the opinion was recorded: recovery with several processes leaves it to this process for a while.
        updated_at: this.deps.now(),
      }),
    );
    if (!recorded) stateRefusal(new (COMMISSION_LIFECYCLE.Error)(row.state as CommissionState, "complete"));
    return this.finish((await this.deps.repository.findCommission(row.id))!, mover);
  }

  /** Opinions a killed process recorded but did not store (all, or those recorded before `leftBefore`) are stored now and their commissions completed. */
  async recover(leftBefore: number | null): Promise<void> {
    for (const row of await this.deps.repository.pendingOpinions(leftBefore)) {
      try {
        const expert = row.opinion_expert_id === null ? undefined : await this.deps.repository.findExpert(row.opinion_expert_id);
        await this.finish(row, { actor: "expert", userId: row.opinion_expert_id ?? 0, name: expert ? `鉴定人 ${expert.name}` : "鉴定人" });
      } catch (error) {
        this.deps.log.error({ err: error, commissionId: row.id }, "appraisal: finishing a recorded opinion failed");
      }
    }
  }

  /** The stored opinion of a completed commission (even if the applicant has since removed it from their list). */
  async record(row: CommissionRecordRow): Promise<EvidenceRecord> {
    const record = row.opinion_evidence_id !== null && row.opinion_certificate_no ? await this.deps.evidence.findByCertificateNo(row.opinion_certificate_no) : null;
    if (!record || record.holderUserId !== row.user_id) throw new BusinessError(ResultCode.notFound, APPRAISAL_MESSAGES.opinionMissingOnRecord);
    return record;
  }

  private async finish(row: CommissionRecordRow, mover: CommissionMover): Promise<CommissionRecordRow> {
    const institution = await this.deps.repository.findInstitution(row.institution_id);
    const fileName = row.opinion_file_name ?? "鉴定意见书.pdf";
    const evidenceId = await this.deps.evidence.savePlatformContent(row.user_id, {
      kind: "appraisalOpinion",
      certificateNo: row.opinion_certificate_no!,
      name: fileName,
      size: Number(row.opinion_size),
      sha256: row.opinion_sha256!,
      sm3: row.opinion_sm3!,
      blobSha256: row.opinion_sha256!,
      details: { fileName, commissionNo: row.commission_no, institution: institution?.name ?? "", licenseNo: institution?.license_no ?? "", expert: mover.name },
    });
    return this.deps.complete(row, mover, evidenceId);
  }
}
