import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { BUNDLE_USE_MESSAGE, type BundleEvidence } from "../../../src/schema/bundle.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import { EVIDENCE_TYPE, type EvidenceTypeId } from "../../../src/schema/lists.js";
import {
  NOTARIZATION_LIMITS,
  NOTARIZATION_MATERIAL_RULE,
  NOTARIZATION_MESSAGES,
  NOTARIZATION_STATE_LABELS,
  NotarizationCode,
  type CoveredEvidence,
  type NotarizationDetail,
  type NotarizationFormValues,
  type NotarizationListQuery,
  type NotarizationRow,
  type NotarizationState,
  type NotaryOffice,
} from "../../../src/schema/notarization.js";
import type { PageP } from "../../../src/schema/paging.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { StreamedFile } from "../../http/streamed-upload.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { holderNameOf } from "../evidence/holder-name.js";
import { ingestAll, ingestFile } from "../evidence/evidence-ingest.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import { frozenEvidenceColumns } from "../evidence/frozen-evidence.js";
import type { NotaryOfficeRepository } from "../notary/notary-office.repository.js";
import type { IdentityService } from "../personal/identity.service.js";
import { stateRefusal, type Actor, type NotarizationMoves } from "./notarization-moves.js";
import type { ApplicationRow, CoveredEvidenceRow, NotarizationRepository } from "./notarization.repository.js";
import { toCoveredEvidence, toDetail, toOffice, toRow, type DetailParts } from "./notarization-views.js";

export type NotarizationServiceDependencies = {
  db: Kysely<Database>;
  repository: NotarizationRepository;
  offices: NotaryOfficeRepository;
  moves: NotarizationMoves;
  evidence: Pick<EvidencePort, "getForHolder">;
  users: Pick<AccountRecords, "findUser">;
  identity: Pick<IdentityService, "verifiedIdentity">;
  blobs: BlobStore;
  now: () => number;
};

/** A file handed out: its name and content. */
export type Download = { name: string; body: Readable | Buffer; size?: number };

/** The capture types (spec §5 证据类型) of the kinds that have one; others are not snapshots to a bundle. */
const CAPTURE_TYPES: Partial<Record<EvidenceKind, EvidenceTypeId>> = {
  snapshot: EVIDENCE_TYPE.snapshot,
  screenRecord: EVIDENCE_TYPE.screenRecord,
  mobileRecord: EVIDENCE_TYPE.mobileRecord,
  mobileArray: EVIDENCE_TYPE.mobileRecord,
  procedureRecord: EVIDENCE_TYPE.procedureRecord,
};
const notFound = () => new BusinessError(ResultCode.notFound, NOTARIZATION_MESSAGES.notFound);
const refusal = (code: number, message: string, field: string) => new BusinessError(code, message, { errors: { [field]: message } });

/**
 * The applicant's side of online notarisation (issue 17): drafts, submission with its checks
 * (main account, verified identity, office, evidence stored, payment), withdrawal, supplements
 * and what the applicant reads. Every state change goes through NotarizationMoves. Applications
 * belong to the main account that made them; anyone else is answered "not found".
 */
export class NotarizationService {
  constructor(private readonly deps: NotarizationServiceDependencies) {}

  async offices(): Promise<NotaryOffice[]> {
    return (await this.deps.offices.listAccepting()).map(toOffice);
  }

  /** A new draft, or the caller's draft updated; checks only the form and that the evidence is the caller's. */
  async saveDraft(userId: number, form: NotarizationFormValues): Promise<NotarizationDetail> {
    await this.mainAccount(userId);
    const office = await this.deps.offices.findById(form.officeId);
    if (!office) throw refusal(NotarizationCode.officeUnavailable, NOTARIZATION_MESSAGES.officeUnavailable, "officeId");
    const covered = await this.coveredEvidence(userId, form.evidenceIds, { mustBeStored: false });
    const now = this.deps.now();
    const fields = {
      office_id: office.id,
      purpose: form.purpose,
      use_description: form.useDescription ?? null,
      applicant_type: form.applicantType,
      contact_name: form.contactName,
      contact_mobile: form.contactMobile,
      contact_email: form.contactEmail ?? null,
      address: form.address ?? null,
      payment: form.payment,
      bundle_id: form.payment === "bundle" ? (form.bundleId ?? null) : null,
      updated_at: now,
    };
    const id = await durableTransaction(this.deps.db, async (trx) => {
      if (form.id !== undefined) {
        const draft = await this.deps.repository.findApplication(form.id, trx);
        if (!draft || draft.user_id !== userId) throw notFound();
        if (draft.state !== "draft") throw new BusinessError(NotarizationCode.stateRefused, `公证申请当前状态为“${NOTARIZATION_STATE_LABELS[draft.state as NotarizationState]}”，不能修改`);
        await this.deps.repository.updateApplication(trx, draft.id, fields);
        await this.deps.repository.replaceEvidence(trx, draft.id, covered);
        return draft.id;
      }
      const uid = randomBytes(16).toString("hex");
      // The number needs the id: written under the uid first (unique too), then renamed in the same transaction.
      const created = await this.deps.repository.insertApplication(trx, { ...fields, uid, application_no: uid, user_id: userId, state: "draft", created_at: now });
      await this.deps.repository.updateApplication(trx, created, { application_no: applicationNo(now, created) });
      await this.deps.repository.replaceEvidence(trx, created, covered);
      return created;
    });
    return this.detail(userId, id);
  }

  /**
   * Submits a draft: refused for a sub-account, an applicant identity not verified for its type,
   * an office that takes no applications, evidence not the caller's or not stored; then the move
   * freezes the bundle (after the bundle use rule) or holds the office's fee, freezes the evidence
   * list and puts both on the ledger.
   */
  async submit(userId: number, id: number): Promise<NotarizationDetail> {
    const user = await this.mainAccount(userId);
    const draft = await this.own(userId, id);
    if (draft.state !== "draft") throw stateRefusal(draft.state as NotarizationState, "submit");
    const identity = await this.deps.identity.verifiedIdentity(userId, draft.applicant_type === "person" ? "person" : "organisation");
    if (!identity) {
      const message = draft.applicant_type === "person" ? NOTARIZATION_MESSAGES.realNameRequired : NOTARIZATION_MESSAGES.enterpriseRequired;
      throw refusal(NotarizationCode.identityRequired, message, "applicantType");
    }
    const office = await this.deps.offices.findById(draft.office_id);
    if (!office || office.accepts_applications !== 1) throw refusal(NotarizationCode.officeUnavailable, NOTARIZATION_MESSAGES.officeUnavailable, "officeId");
    const chosen = await this.deps.repository.evidenceOf(draft.id);
    const covered = await this.coveredEvidence(userId, chosen.map((row) => row.evidence_id), { mustBeStored: true });
    let bundleEvidence: BundleEvidence[] | undefined;
    if (draft.payment === "bundle") {
      if (draft.bundle_id === null) throw refusal(ResultCode.validationFailed, NOTARIZATION_MESSAGES.bundleRequired, "bundleId");
      bundleEvidence = bundleEvidenceOf(covered);
    } else if (office.fee_fen === null) throw refusal(NotarizationCode.feeNotSet, NOTARIZATION_MESSAGES.feeNotSet, "payment");
    await this.deps.moves.move(draft.id, {
      action: "submit",
      actor: { kind: "applicant", id: userId, name: identity.name || holderNameOf(user) },
      changes: {
        submitted_at: this.deps.now(),
        applicant_name: identity.name,
        applicant_id_number: identity.idNumber,
        fee_fen: draft.payment === "fee" ? Number(office.fee_fen) : null,
      },
      bundleEvidence,
      entry: { evidence: covered.map((row) => ({ certificateNo: row.certificate_no, sha256: row.sha256 })) },
      alongside: (trx, application) => this.deps.repository.replaceEvidence(trx, application.id, covered),
    });
    return this.detail(userId, id);
  }

  /** Before review only (the machine says when): the bundle is usable again, the held fee goes back. */
  async withdraw(userId: number, id: number, reason: string | undefined): Promise<NotarizationDetail> {
    const application = await this.own(userId, id);
    await this.deps.moves.move(application.id, { action: "withdraw", actor: await this.applicantActor(userId, application), note: reason ?? null });
    return this.detail(userId, id);
  }

  /**
   * The answer to a material request: a note and/or files (NOTARIZATION_MATERIAL_RULE), stored in
   * the blob store; the application goes back to review. A refused file stores nothing.
   */
  async supplement(userId: number, id: number, note: string | undefined, files: AsyncIterable<StreamedFile>): Promise<NotarizationDetail> {
    const application = await this.own(userId, id);
    if (application.state !== "supplementing") throw stateRefusal(application.state as NotarizationState, "supplement");
    const ingested = await ingestAll(files, NOTARIZATION_LIMITS.materialFilesMax, (file) => ingestFile(this.deps.blobs, file, NOTARIZATION_MATERIAL_RULE, "files"), `每次最多上传${NOTARIZATION_LIMITS.materialFilesMax}个补充材料`);
    if (!note && ingested.length === 0) throw refusal(ResultCode.validationFailed, NOTARIZATION_MESSAGES.supplementRequired, "note");
    try {
      for (const file of ingested) await file.blob.commit();
    } catch (error) {
      await Promise.all(ingested.map((file) => file.blob.discard()));
      throw error;
    }
    await this.deps.moves.move(application.id, {
      action: "supplement",
      actor: await this.applicantActor(userId, application),
      note: note ?? null,
      entry: ingested.length > 0 ? { materials: ingested.map((file) => file.sha256) } : {},
      alongside: (trx, moved, event) =>
        this.deps.repository.insertMaterials(
          trx,
          ingested.map((file) => ({ application_id: moved.id, event_id: event.id, file_name: file.fileName, size: file.size, sha256: file.sha256, created_at: event.created_at })),
        ),
    });
    return this.detail(userId, id);
  }

  async list(userId: number, query: NotarizationListQuery): Promise<PageP<NotarizationRow>> {
    const { rows, total } = await this.deps.repository.list({ userId, state: query.state, ...filterDayRange(query.startTime, query.endTime), timeColumn: "created_at" }, query);
    return { list: rows.map(toRow), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<NotarizationDetail> {
    return toDetail(await detailParts(this.deps, await this.own(userId, id)), "applicant");
  }

  /** evidenceSaveInfo/{kind}: the covered evidence of one stored kind. */
  async evidenceOfKind(userId: number, id: number, kind: EvidenceKind): Promise<CoveredEvidence[]> {
    const application = await this.own(userId, id);
    return (await this.deps.repository.evidenceOf(application.id)).filter((row) => row.kind === kind).map(toCoveredEvidence);
  }

  async material(userId: number, id: number, materialId: number): Promise<Download> {
    return materialDownload(this.deps, await this.own(userId, id), materialId);
  }

  async certificatePdf(userId: number, id: number): Promise<Download> {
    return certificateDownload(this.deps, await this.own(userId, id));
  }

  // ---- rules ----

  /** Applications are a main account's: a sub-account is refused (it may still read nothing of its main's). */
  private async mainAccount(userId: number) {
    const user = await this.deps.users.findUser(userId);
    if (!user) throw notFound();
    if (user.parent_id !== null) throw new BusinessError(ResultCode.validationFailed, NOTARIZATION_MESSAGES.subAccount);
    return user;
  }

  private async own(userId: number, id: number): Promise<ApplicationRow> {
    const row = await this.deps.repository.findApplication(id);
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  private async applicantActor(userId: number, application: ApplicationRow): Promise<Actor> {
    const user = await this.deps.users.findUser(userId);
    return { kind: "applicant", id: userId, name: application.applicant_name ?? (user ? holderNameOf(user) : "") };
  }

  /** The chosen evidence as the application records it, each the caller's (and, to submit, stored on the ledger). */
  private async coveredEvidence(userId: number, ids: readonly number[], options: { mustBeStored: boolean }): Promise<Omit<CoveredEvidenceRow, "application_id" | "position">[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw refusal(ResultCode.validationFailed, NOTARIZATION_MESSAGES.noEvidence, "evidenceIds");
    const records: EvidenceRecord[] = [];
    for (const id of unique) {
      const record = await this.deps.evidence.getForHolder(userId, id);
      if (!record) throw refusal(ResultCode.validationFailed, NOTARIZATION_MESSAGES.evidenceNotYours, "evidenceIds");
      if (options.mustBeStored && (record.status !== "stored" || record.ledgerIndex === null)) throw refusal(ResultCode.validationFailed, NOTARIZATION_MESSAGES.evidenceNotStored, "evidenceIds");
      records.push(record);
    }
    return records.map(frozenEvidenceColumns);
  }
}

/** e.g. GZSQ20261122000042: the day it was made (Shanghai) and its id, readable over the phone. */
export function applicationNo(createdAt: number, id: number): string {
  return `GZSQ${shanghaiDateKey(createdAt).replaceAll("-", "")}${String(id).padStart(6, "0")}`;
}

/**
 * The bundle use rule's view of the covered evidence (spec §5): its capture type, and the pages
 * it covers, which for a snapshot is one (a capture is of one URL: captures.url). Kinds with no
 * capture type (files, texts …) are not snapshots and are refused as such.
 */
function bundleEvidenceOf(covered: readonly Pick<CoveredEvidenceRow, "kind">[]): BundleEvidence[] {
  return covered.map((row) => {
    const evidenceType = CAPTURE_TYPES[row.kind as EvidenceKind];
    if (evidenceType === undefined) throw refusal(ResultCode.validationFailed, BUNDLE_USE_MESSAGE.snapshotsOnly, "evidenceIds");
    return { evidenceType, pageCount: evidenceType === EVIDENCE_TYPE.snapshot ? 1 : 0 };
  });
}

type ReadPorts = Pick<NotarizationServiceDependencies, "repository" | "offices" | "blobs">;

/** Everything an application's detail shows, for either side. */
export async function detailParts(deps: ReadPorts, application: ApplicationRow): Promise<DetailParts> {
  const [office, evidence, events, materials, certificate] = await Promise.all([
    deps.offices.findById(application.office_id),
    deps.repository.evidenceOf(application.id),
    deps.repository.eventsOf(application.id),
    deps.repository.materialsOf(application.id),
    deps.repository.certificateOf(application.id),
  ]);
  return { application, office: office!, evidence, events, materials, certificate };
}

export async function materialDownload(deps: ReadPorts, application: ApplicationRow, materialId: number): Promise<Download> {
  const material = (await deps.repository.materialsOf(application.id)).find((row) => row.id === materialId);
  const body = material ? await deps.blobs.open(material.sha256) : null;
  if (!material || !body) throw new BusinessError(ResultCode.notFound, "材料不存在");
  return { name: material.file_name, body, size: Number(material.size) };
}

export async function certificateDownload(deps: ReadPorts, application: ApplicationRow): Promise<Download> {
  const certificate = await deps.repository.certificateOf(application.id);
  const body = certificate ? await deps.blobs.read(certificate.pdf_blob) : null;
  if (!certificate || !body) throw new BusinessError(ResultCode.notFound, "公证书尚未出具");
  return { name: `公证书-${certificate.certificate_no}.pdf`, body, size: body.length };
}
