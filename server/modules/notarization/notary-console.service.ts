import fsp from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  NOTARIZATION_MESSAGES,
  type NotarizationDetail,
  type NotarizationRow,
  type NotarizationState,
} from "../../../src/schema/notarization.js";
import type { IssuedCertificateRow, NOTARY_DECISIONS, RequestListQuery } from "../../../src/schema/notary-console.js";
import type { PageP } from "../../../src/schema/paging.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "../evidence-library/evidence-library.ports.js";
import { writeEvidencePackage } from "../evidence-library/package-writer.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import type { NotaryOfficeRepository } from "../notary/notary-office.repository.js";
import type { NotaryUserRow } from "../notary/notary-user.repository.js";
import type { NotarialCertificates } from "./notarial-certificates.js";
import { stateRefusal, type Actor, type NotarizationMoves } from "./notarization-moves.js";
import type { ApplicationRow, NotarizationRepository } from "./notarization.repository.js";
import { certificateDownload, detailParts, materialDownload, type Download } from "./notarization.service.js";
import { toDetail, toRow } from "./notarization-views.js";

export type NotaryConsoleDependencies = {
  repository: NotarizationRepository;
  offices: NotaryOfficeRepository;
  moves: NotarizationMoves;
  certificates: NotarialCertificates;
  blobs: BlobStore;
  /** The evidence, its certificates and proofs, as the evidence library reads them (downloads and packages). */
  library: EvidenceLibraryPorts;
  /** Covered evidence found by its number, whether or not its holder still lists it. */
  records: Pick<EvidencePort, "findByCertificateNo">;
  /** Where application packages are written before they are streamed (DATA_DIR/tmp/…). */
  packageDir: string;
  /** Has a certificate issued by a job process (server/jobs/requested-jobs.ts), answered once it is. */
  ask: (staffId: number, request: CertificateIssueRequest) => Promise<null>;
  now: () => number;
};

/** What a job needs to issue a certificate: the application, who issues it, and the number and time fixed when asked. */
export type CertificateIssueRequest = { applicationId: number; notary: { id: number; name: string }; certificateNo: string; issuedAt: number };

type Decision = (typeof NOTARY_DECISIONS)[number];

const notFound = () => new BusinessError(ResultCode.notFound, NOTARIZATION_MESSAGES.notFound);
/** What a decision must say: the material asked for, the reason of a rejection. */
const NOTE_REQUIRED: Partial<Record<Decision, string>> = { requestMaterial: NOTARIZATION_MESSAGES.materialRequestRequired, reject: NOTARIZATION_MESSAGES.reasonRequired };

/** How a notary is named on the timeline. */
export const notaryActor = (staff: Pick<NotaryUserRow, "id" | "name">): Actor => ({ kind: "notary", id: staff.id, name: `公证员 ${staff.name}` });

/**
 * The office's side (issue 17, /info/notaryRequests): every call is scoped to the signed-in staff
 * member's office; an application of another office, or a draft, is "not found" (404), never its
 * content. Decisions and issuing go through NotarizationMoves like the applicant's actions; the
 * events table and the ledger are the trail of what a notary decided.
 */
export class NotaryConsoleService {
  constructor(private readonly deps: NotaryConsoleDependencies) {}

  async list(staff: NotaryUserRow, query: RequestListQuery): Promise<PageP<NotarizationRow>> {
    const filter = { officeId: staff.office_id, submittedOnly: true, state: query.state, applicant: query.applicant, ...filterDayRange(query.startTime, query.endTime), timeColumn: "submitted_at" as const };
    const { rows, total } = await this.deps.repository.list(filter, query);
    return { list: rows.map(toRow), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async content(staff: NotaryUserRow, id: number): Promise<NotarizationDetail> {
    return toDetail(await detailParts(this.deps, await this.ofOffice(staff, id)), "notary");
  }

  /** accept, startReview, requestMaterial (the material named), approve (the bundle consumed or the fee settled), reject (with its reason). */
  async decide(staff: NotaryUserRow, request: { id: number; action: Decision; note?: string | undefined }): Promise<NotarizationDetail> {
    const application = await this.ofOffice(staff, request.id);
    const required = NOTE_REQUIRED[request.action];
    if (required && !request.note) throw new BusinessError(ResultCode.validationFailed, required, { errors: { note: required } });
    await this.deps.moves.move(application.id, { action: request.action, actor: notaryActor(staff), note: request.note ?? null });
    return this.content(staff, request.id);
  }

  /** The certificate as it would be issued now, unsealed, unnumbered and marked 预览. */
  async preview(staff: NotaryUserRow, id: number): Promise<Download> {
    const application = await this.ofOffice(staff, id);
    const pdf = await this.deps.certificates.draw(await this.subjectOf(staff, application), null, this.deps.now());
    return { name: `公证书预览-${application.application_no}.pdf`, body: pdf, size: pdf.length };
  }

  /**
   * Issues the notarial certificate of an approved application (refused here at once when it is
   * not approved or the office's seal is not ready); a job process makes it (`makeCertificate`).
   */
  async issue(staff: NotaryUserRow, id: number): Promise<NotarizationDetail> {
    const application = await this.ofOffice(staff, id);
    if (application.state !== "approved") throw stateRefusal(application.state as NotarizationState, "issue");
    const subject = await this.subjectOf(staff, application);
    this.deps.certificates.assertSealReady(subject.office);
    const request = { applicationId: application.id, notary: { id: staff.id, name: staff.name }, certificateNo: this.deps.certificates.newNumber(), issuedAt: this.deps.now() };
    await this.deps.ask(staff.id, request);
    return this.content(staff, id);
  }

  /**
   * The job: the certificate drawn from the office's template, sealed with the office's seal,
   * stored; the move to issued writes the certificate's row and puts its number and the sealed
   * file's SHA-256 on the ledger. An application no longer approved was issued by an earlier try
   * of the same request (the move is conditional), or moved on: nothing to do.
   */
  async makeCertificate({ applicationId, notary, certificateNo, issuedAt }: CertificateIssueRequest): Promise<null> {
    const application = await this.deps.repository.findApplication(applicationId);
    if (application?.state !== "approved") return null;
    const subject = await this.subjectOf(notary, application);
    const sealed = await this.deps.certificates.seal(await this.deps.certificates.draw(subject, certificateNo, issuedAt), subject.office, issuedAt);
    const sha256 = await this.deps.blobs.put(sealed);
    await this.deps.moves.move(application.id, {
      action: "issue",
      actor: notaryActor(notary),
      entry: { certificate: { no: certificateNo, sha256 } },
      alongside: (trx) =>
        this.deps.repository.insertCertificate(trx, {
          application_id: application.id,
          certificate_no: certificateNo,
          office_id: application.office_id,
          notary_id: notary.id,
          notary_name: notary.name,
          pdf_blob: sha256,
          sha256,
          size: sealed.length,
          seal_fingerprint: subject.office.seal_fingerprint!,
          issued_at: issuedAt,
        }),
    });
    return null;
  }

  async certificatePdf(staff: NotaryUserRow, id: number): Promise<Download> {
    return certificateDownload(this.deps, await this.ofOffice(staff, id));
  }

  async material(staff: NotaryUserRow, id: number, materialId: number): Promise<Download> {
    return materialDownload(this.deps, await this.ofOffice(staff, id), materialId);
  }

  /** One covered evidence as the evidence library keeps it (whether or not its holder still lists it). */
  async evidenceRecord(staff: NotaryUserRow, id: number, evidenceId: number): Promise<LibraryRecord> {
    const application = await this.ofOffice(staff, id);
    const covered = (await this.deps.repository.evidenceOf(application.id)).find((row) => row.evidence_id === evidenceId);
    const record = covered ? await this.deps.records.findByCertificateNo(covered.certificate_no) : null;
    if (!record || record.holderUserId !== application.user_id) throw new BusinessError(ResultCode.notFound, "证据不存在");
    return record;
  }

  /**
   * Every covered evidence packed as the evidence library packs (originals checked against their
   * digests, certificates, proofs, manifest.json), written to a temporary file and handed out as a
   * stream; the file's name is gone from the disk as soon as it is open.
   */
  async package(staff: NotaryUserRow, id: number): Promise<Download> {
    const application = await this.ofOffice(staff, id);
    const records: LibraryRecord[] = [];
    for (const row of await this.deps.repository.evidenceOf(application.id)) records.push(await this.evidenceRecord(staff, id, row.evidence_id));
    await fsp.mkdir(this.deps.packageDir, { recursive: true });
    const file = path.join(this.deps.packageDir, `${randomBytes(16).toString("hex")}.zip`);
    try {
      await writeEvidencePackage(file, records, this.deps.library, { createdAt: this.deps.now() });
      const handle = await fsp.open(file, "r");
      const { size } = await handle.stat();
      return { name: `公证申请证据-${application.application_no}.zip`, body: handle.createReadStream(), size };
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  async issued(staff: NotaryUserRow, query: { certificateNo?: string | undefined; applicant?: string | undefined; startTime?: string | undefined; endTime?: string | undefined; pageNumber: number; pageSize: number }): Promise<PageP<IssuedCertificateRow>> {
    const { rows, total } = await this.deps.repository.issued(staff.office_id, { certificateNo: query.certificateNo, applicant: query.applicant, ...filterDayRange(query.startTime, query.endTime) }, query);
    const list = rows.map((row) => ({
      id: row.application_id,
      applicationNo: row.application_no,
      applicantName: row.applicant_name ?? "",
      evidenceCount: Number(row.evidence_count),
      certificateNo: row.certificate_no,
      issueTime: Number(row.issued_at),
      sha256: row.sha256,
      ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
      notaryName: row.notary_name,
    }));
    return { list, pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  /** The application if it is this office's and submitted; "not found" otherwise, whatever the reason. */
  private async ofOffice(staff: NotaryUserRow, id: number): Promise<ApplicationRow> {
    const row = await this.deps.repository.findApplication(id);
    if (!row || row.office_id !== staff.office_id || row.state === "draft") throw notFound();
    return row;
  }

  private async subjectOf(staff: Pick<NotaryUserRow, "name">, application: ApplicationRow) {
    const [office, evidence] = await Promise.all([this.deps.offices.findById(application.office_id), this.deps.repository.evidenceOf(application.id)]);
    return { application, office: office!, evidence, notaryName: staff.name };
  }
}
