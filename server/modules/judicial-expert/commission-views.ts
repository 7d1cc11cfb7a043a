import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import {
  COMMISSION_LIFECYCLE,
  type CommissionActor,
  type CommissionDetail,
  type CommissionEventAction,
  type CommissionedEvidence,
  type CommissionRow,
  type CommissionState,
} from "../../../src/schema/judicial-expert.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import { toExtractedEvidence } from "../evidence-library/library.service.js";
import { toInstitution } from "./appraisal-institutions.js";
import type { AppraisalRepository, CommissionEvidenceRow, CommissionRecordRow, InstitutionRow } from "./appraisal.repository.js";

export type CommissionViewDependencies = {
  repository: AppraisalRepository;
  evidence: Pick<EvidencePort, "getForHolder">;
};

/** The judicial pay record of a commission's fee (judicial-pay.ts ids: `r` + reservation id). */
export const paymentIdOf = (reservationId: number | null) => (reservationId === null ? null : `r${reservationId}`);

export function toCommissionRow(row: CommissionRecordRow, institutionName: string): CommissionRow {
  return {
    id: row.id,
    commissionNo: row.commission_no,
    state: row.state as CommissionState,
    institutionName,
    applicantName: row.applicant_name,
    matters: row.matters,
    evidenceCount: row.evidence_count,
    feeFen: row.fee_fen === null ? null : Number(row.fee_fen),
    expectedDays: row.expected_days,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

/**
 * A commission as either side sees it: the same facts, the commissioned evidence with what can be
 * downloaded of it, the timeline, the opinion, and the actions open to the viewer's side now.
 */
export class CommissionViews {
  constructor(private readonly deps: CommissionViewDependencies) {}

  async rows(rows: readonly CommissionRecordRow[]): Promise<CommissionRow[]> {
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((row) => row.institution_id))) names.set(id, (await this.deps.repository.findInstitution(id))?.name ?? "");
    return rows.map((row) => toCommissionRow(row, names.get(row.institution_id) ?? ""));
  }

  async detail(row: CommissionRecordRow, viewer: CommissionActor): Promise<CommissionDetail> {
    const institution = (await this.deps.repository.findInstitution(row.institution_id)) as InstitutionRow;
    const [evidence, events, opinion] = await Promise.all([this.evidenceOf(row), this.deps.repository.eventsOf(row.id), this.opinionOf(row)]);
    return {
      ...toCommissionRow(row, institution.name),
      institution: toInstitution(institution),
      contactName: row.contact_name,
      contactMobile: row.contact_mobile,
      contactEmail: row.contact_email,
      declineReason: row.decline_reason,
      paymentId: paymentIdOf(row.reservation_id),
      evidence,
      events: events.map((event) => ({
        id: event.id,
        action: event.action as CommissionEventAction,
        fromState: event.from_state as CommissionState | null,
        toState: event.to_state as CommissionState,
        actor: event.actor as CommissionActor,
        actorName: event.actor_name,
        note: event.note,
        time: Number(event.created_at),
      })),
      opinion,
      actions: COMMISSION_LIFECYCLE.actionsFrom(row.state as CommissionState, viewer),
    };
  }

  private async evidenceOf(row: CommissionRecordRow): Promise<CommissionedEvidence[]> {
    const frozen = await this.deps.repository.evidenceOf(row.id);
    return Promise.all(
      frozen.map(async (item) => {
        const record = await this.deps.evidence.getForHolder(row.user_id, item.evidence_id);
        return record ? { ...toExtractedEvidence(record), isDeleted: false } : deletedEvidence(item);
      }),
    );
  }

  private async opinionOf(row: CommissionRecordRow): Promise<CommissionDetail["opinion"]> {
    if (row.opinion_evidence_id === null) return null;
    const record = await this.deps.evidence.getForHolder(row.user_id, row.opinion_evidence_id);
    return {
      evidenceId: row.opinion_evidence_id,
      certificateNo: row.opinion_certificate_no ?? "",
      fileName: row.opinion_file_name ?? "",
      size: Number(row.opinion_size),
      sha256: row.opinion_sha256 ?? "",
      time: record?.createdAt ?? Number(row.updated_at),
      ledgerIndex: record?.ledgerIndex ?? null,
    };
  }
}

/** What the commission froze of an evidence the applicant has deleted since: its facts, nothing to download. */
function deletedEvidence(item: CommissionEvidenceRow): CommissionedEvidence {
  return {
    id: item.evidence_id,
    certificateNo: item.certificate_no,
    kind: item.kind as EvidenceKind,
    name: item.name,
    size: Number(item.size),
    sha256: item.sha256,
    sm3: item.sm3,
    createTime: Number(item.stored_at),
    ledgerIndex: item.ledger_index === null ? null : Number(item.ledger_index),
    hasContent: false,
    original: null,
    attachments: [],
    isDeleted: true,
  };
}
