import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import {
  NOTARIZATION_LIFECYCLE,
  type ApplicantType,
  type CoveredEvidence,
  type NotarizationAction,
  type NotarizationActor,
  type NotarizationDetail,
  type NotarizationEvent,
  type NotarizationMaterial,
  type NotarizationPayment,
  type NotarizationPurpose,
  type NotarizationRow,
  type NotarizationState,
  type NotaryOffice,
} from "../../../src/schema/notarization.js";
import type { NotaryOfficeRow } from "../notary/notary-office.repository.js";
import type { ApplicationListRow, ApplicationRow, CertificateRow, CoveredEvidenceRow, EventRow, MaterialRow } from "./notarization.repository.js";

/** Rows of the notarisation tables as the contract's records (src/schema/notarization.ts). */

export function toOffice(row: NotaryOfficeRow): NotaryOffice {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    address: row.address,
    phone: row.phone,
    feeFen: row.fee_fen === null ? null : Number(row.fee_fen),
    introduction: row.introduction,
  };
}

export function toRow(row: ApplicationListRow): NotarizationRow {
  return {
    id: row.id,
    applicationNo: row.application_no,
    state: row.state as NotarizationState,
    officeName: row.office_name,
    // A draft names its applicant only once submitted (captured from the verified identity then).
    applicantName: row.applicant_name ?? "",
    purpose: row.purpose as NotarizationPurpose,
    evidenceCount: Number(row.evidence_count),
    payment: row.payment as NotarizationPayment,
    createTime: Number(row.created_at),
    submitTime: row.submitted_at === null ? null : Number(row.submitted_at),
    updateTime: Number(row.updated_at),
  };
}

export function toCoveredEvidence(row: CoveredEvidenceRow): CoveredEvidence {
  return {
    evidenceId: row.evidence_id,
    kind: row.kind as EvidenceKind,
    name: row.name,
    certificateNo: row.certificate_no,
    sha256: row.sha256,
    sm3: row.sm3,
    size: Number(row.size),
    createTime: Number(row.stored_at),
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
  };
}

export function toEvent(row: EventRow): NotarizationEvent {
  return {
    id: row.id,
    action: row.action as NotarizationAction,
    fromState: row.from_state as NotarizationState | null,
    toState: row.to_state as NotarizationState,
    actor: row.actor as NotarizationActor,
    actorName: row.actor_name,
    note: row.note,
    time: Number(row.created_at),
    ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index),
  };
}

export function toMaterial(row: MaterialRow): NotarizationMaterial {
  return { id: row.id, fileName: row.file_name, size: Number(row.size), sha256: row.sha256, time: Number(row.created_at) };
}

/** Everything an application's detail shows; `side` decides which actions are offered. */
export type DetailParts = {
  application: ApplicationRow;
  office: NotaryOfficeRow;
  evidence: CoveredEvidenceRow[];
  events: EventRow[];
  materials: MaterialRow[];
  certificate: (CertificateRow & { ledger_index: number | null }) | undefined;
};

export function toDetail({ application, office, evidence, events, materials, certificate }: DetailParts, side: NotarizationActor): NotarizationDetail {
  const state = application.state as NotarizationState;
  const lastRequest = events.findLast((event) => event.action === "requestMaterial");
  return {
    ...toRow({ ...application, office_name: office.name, evidence_count: evidence.length }),
    applicantType: application.applicant_type as ApplicantType,
    // Seen only by the applicant and the office, so in full.
    applicantIdNumber: application.applicant_id_number ?? "",
    useDescription: application.use_description ?? "",
    office: toOffice(office),
    contactName: application.contact_name,
    contactMobile: application.contact_mobile,
    contactEmail: application.contact_email,
    address: application.address,
    bundleId: application.bundle_id,
    feeFen: application.fee_fen === null ? null : Number(application.fee_fen),
    evidence: evidence.map(toCoveredEvidence),
    events: events.map(toEvent),
    materials: materials.map(toMaterial),
    openMaterialRequest: state === "supplementing" ? (lastRequest?.note ?? null) : null,
    certificate: certificate
      ? {
          certificateNo: certificate.certificate_no,
          issueTime: Number(certificate.issued_at),
          sha256: certificate.sha256,
          ledgerIndex: certificate.ledger_index === null ? null : Number(certificate.ledger_index),
          notaryName: certificate.notary_name,
        }
      : null,
    actions: NOTARIZATION_LIFECYCLE.actionsFrom(state, side),
  };
}
