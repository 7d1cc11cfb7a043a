import { ResultCode } from "../../../src/schema/envelope.js";
import {
  APPRAISAL_MESSAGES,
  AppraisalCode,
  EXPERT_EVIDENCE_STATES,
  type CommissionDetail,
  type CommissionListQuery,
  type CommissionRow,
  type CommissionState,
  type ExpertProfile,
} from "../../../src/schema/judicial-expert.js";
import type { PageP } from "../../../src/schema/paging.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import { toInstitution, type AppraisalInstitutions, type ExpertMembership } from "./appraisal-institutions.js";
import type { AppraisalOpinions } from "./appraisal-opinions.js";
import type { AppraisalRepository, CommissionRecordRow } from "./appraisal.repository.js";
import type { CommissionMover } from "./commission-moves.js";
import type { CommissionViews } from "./commission-views.js";
import type { CommissionService } from "./commissions.service.js";

export type ExpertDeskDependencies = {
  repository: AppraisalRepository;
  institutions: AppraisalInstitutions;
  commissions: Pick<CommissionService, "move" | "page">;
  opinions: AppraisalOpinions;
  views: CommissionViews;
  evidence: Pick<EvidencePort, "getForHolder">;
};

/** A commission of the expert's own institution, with the expert as they act on it. */
type ExpertCase = { row: CommissionRecordRow; mover: CommissionMover };

/**
 * The institution's side of judicial appraisal (/judicialStatus): an expert sees only their own
 * institution's commissions (another institution's answers "not found", exactly like a missing
 * one), the commissioned evidence and its files while the commission is open, and quotes, starts,
 * issues the opinion or declines.
 */
export class ExpertDesk {
  constructor(private readonly deps: ExpertDeskDependencies) {}

  async profile(userId: number): Promise<ExpertProfile> {
    const membership = await this.deps.institutions.membershipOf(userId);
    return membership ? { isExpert: true, institution: toInstitution(membership.institution), expertName: membership.expert.name } : { isExpert: false, institution: null, expertName: null };
  }

  async list(userId: number, query: CommissionListQuery): Promise<PageP<CommissionRow>> {
    const { institution } = await this.membership(userId);
    return this.deps.commissions.page({ institutionId: institution.id, ...(query.state ? { state: query.state } : {}), ...filterDayRange(query.startTime, query.endTime) }, query);
  }

  async detail(userId: number, id: number): Promise<CommissionDetail> {
    return this.deps.views.detail((await this.own(userId, id)).row, "expert");
  }

  async quote(userId: number, id: number, quote: { feeFen: number; expectedDays: number; note?: string | undefined }): Promise<CommissionDetail> {
    const { row, mover } = await this.own(userId, id);
    const moved = await this.deps.commissions.move(row, mover, { action: "quote", changes: { fee_fen: quote.feeFen, expected_days: quote.expectedDays }, note: quote.note ?? null });
    return this.deps.views.detail(moved, "expert");
  }

  async start(userId: number, id: number): Promise<CommissionDetail> {
    const { row, mover } = await this.own(userId, id);
    return this.deps.views.detail(await this.deps.commissions.move(row, mover, { action: "start" }), "expert");
  }

  async decline(userId: number, id: number, reason: string): Promise<CommissionDetail> {
    const { row, mover } = await this.own(userId, id);
    const moved = await this.deps.commissions.move(row, mover, { action: "decline", changes: { decline_reason: reason }, note: reason });
    return this.deps.views.detail(moved, "expert");
  }

  async uploadOpinion(userId: number, id: number, file: UploadedFile | undefined): Promise<CommissionDetail> {
    const { row, mover } = await this.own(userId, id);
    return this.deps.views.detail(await this.deps.opinions.upload(row, mover, file), "expert");
  }

  async opinion(userId: number, id: number): Promise<EvidenceRecord> {
    return this.deps.opinions.record((await this.own(userId, id)).row);
  }

  /** One commissioned evidence record, while the commission is open to the institution. */
  async evidenceRecord(userId: number, commissionId: number, evidenceId: number): Promise<EvidenceRecord> {
    const [record] = await this.evidenceRecords(userId, commissionId, [evidenceId]);
    return record;
  }

  /** Commissioned evidence records for a package; any id outside the commission refuses the whole request. */
  async evidenceRecords(userId: number, commissionId: number, evidenceIds: readonly number[]): Promise<EvidenceRecord[]> {
    const { row } = await this.own(userId, commissionId);
    if (!EXPERT_EVIDENCE_STATES.includes(row.state as CommissionState)) throw new BusinessError(AppraisalCode.stateRefused, "委托已被拒绝或撤回，不能再下载委托证据");
    return Promise.all(
      evidenceIds.map(async (evidenceId) => {
        const commissioned = await this.deps.repository.findEvidence(commissionId, evidenceId);
        const record = commissioned ? await this.deps.evidence.getForHolder(row.user_id, evidenceId) : null;
        if (!record) throw new BusinessError(ResultCode.notFound, APPRAISAL_MESSAGES.evidenceNotCommissioned);
        return record;
      }),
    );
  }

  private async membership(userId: number): Promise<ExpertMembership> {
    const membership = await this.deps.institutions.membershipOf(userId);
    if (!membership) throw new BusinessError(AppraisalCode.notExpert, APPRAISAL_MESSAGES.notExpert);
    return membership;
  }

  private async own(userId: number, id: number): Promise<ExpertCase> {
    const { expert, institution } = await this.membership(userId);
    const row = await this.deps.repository.findCommission(id);
    if (!row || row.institution_id !== institution.id) throw new BusinessError(ResultCode.notFound, APPRAISAL_MESSAGES.notFound);
    return { row, mover: { actor: "expert", userId, name: `鉴定人 ${expert.name}` } };
  }
}
