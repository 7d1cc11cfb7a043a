import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { AccountLimitCode } from "../../../src/schema/billing.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  APPRAISAL_MESSAGES,
  AppraisalCode,
  type CommissionAction,
  type CommissionDetail,
  type CommissionFormValues,
  type CommissionListQuery,
  type CommissionRow,
} from "../../../src/schema/judicial-expert.js";
import type { PageP } from "../../../src/schema/paging.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { UserRow } from "../account/user.repository.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import { frozenEvidenceColumns } from "../evidence/frozen-evidence.js";
import { holderNameOf } from "../evidence/holder-name.js";
import { sendAccountNotice } from "../notifier/account-notice.js";
import type { Notifier } from "../notifier/notifier.js";
import type { AppraisalInstitutions } from "./appraisal-institutions.js";
import type { AppraisalRepository, CommissionRecordRow, CommissionScope } from "./appraisal.repository.js";
import { moveNotice, newCommissionNotice } from "./commission-notices.js";
import type { CommissionMover, CommissionMove, CommissionMoves } from "./commission-moves.js";
import type { CommissionViews } from "./commission-views.js";

export type CommissionServiceDependencies = {
  db: Kysely<Database>;
  repository: AppraisalRepository;
  institutions: AppraisalInstitutions;
  moves: CommissionMoves;
  views: CommissionViews;
  accounts: Pick<AccountRecords, "findUser">;
  evidence: Pick<EvidencePort, "getForHolder">;
  notifier: Notifier;
  now: () => number;
  log: FastifyBaseLogger;
};

const notFound = () => new BusinessError(ResultCode.notFound, APPRAISAL_MESSAGES.notFound);

/** "JD20261122" and 8 random digits: readable, unique by its column's constraint. */
function newCommissionNo(now: number): string {
  return `JD${shanghaiDateKey(now).replaceAll("-", "")}${String(randomInt(100_000_000)).padStart(8, "0")}`;
}

/**
 * The applicant's side of judicial appraisal (/judicial/judicialExpert): commissioning an
 * institution, following the commission, withdrawing it before payment and paying its quoted fee
 * (the judicial pay module's call). Every state change goes through CommissionMoves, and each one
 * tells the other side (commission-notices.ts).
 */
export class CommissionService {
  constructor(private readonly deps: CommissionServiceDependencies) {}

  async create(userId: number, form: CommissionFormValues): Promise<CommissionDetail> {
    const user = await this.requireMainAccount(userId);
    const institution = await this.deps.repository.findInstitution(form.institutionId);
    if (!institution || institution.accepts_commissions !== 1) {
      throw new BusinessError(AppraisalCode.institutionUnavailable, APPRAISAL_MESSAGES.institutionUnavailable, { errors: { institutionId: APPRAISAL_MESSAGES.institutionUnavailable } });
    }
    const records = await this.storedEvidence(userId, form.evidenceIds);
    const now = this.deps.now();
    const applicantName = holderNameOf(user);
    const id = await durableTransaction(this.deps.db, async (trx) => {
      const id = await this.deps.repository.insertCommission(trx, {
        commission_no: newCommissionNo(now),
        user_id: userId,
        institution_id: institution.id,
        state: "submitted",
        applicant_name: applicantName,
        matters: form.matters,
        contact_name: form.contactName,
        contact_mobile: form.contactMobile,
        contact_email: form.contactEmail ?? null,
        evidence_count: records.length,
        created_at: now,
        updated_at: now,
      });
      await this.deps.repository.insertEvidence(
        trx,
        records.map((record, position) => ({ commission_id: id, position, ...frozenEvidenceColumns(record) })),
      );
      await this.deps.repository.insertEvent(trx, { commission_id: id, action: "submit", from_state: null, to_state: "submitted", actor: "applicant", actor_user_id: userId, actor_name: applicantName, note: null, created_at: now });
      return id;
    });
    const row = (await this.deps.repository.findCommission(id))!;
    await this.tellExperts(row.institution_id, newCommissionNotice(row, institution.name));
    return this.deps.views.detail(row, "applicant");
  }

  async list(userId: number, query: CommissionListQuery): Promise<PageP<CommissionRow>> {
    return this.page({ userId, ...(query.state ? { state: query.state } : {}), ...filterDayRange(query.startTime, query.endTime) }, query);
  }

  async page(scope: CommissionScope, query: { pageNumber: number; pageSize: number }): Promise<PageP<CommissionRow>> {
    const { rows, total } = await this.deps.repository.commissionPage(scope, query);
    return { list: await this.deps.views.rows(rows), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<CommissionDetail> {
    return this.deps.views.detail(await this.own(userId, id), "applicant");
  }

  async withdraw(userId: number, id: number, note: string | undefined): Promise<CommissionDetail> {
    const row = await this.move(await this.own(userId, id), await this.applicantMover(userId), { action: "withdraw", note: note ?? null });
    return this.deps.views.detail(row, "applicant");
  }

  /**
   * Pays the quoted fee from the balance (held until completion). `feeFen` is the amount the payer
   * confirmed: a quote that differs is refused, so nobody pays an amount they did not see.
   */
  async pay(userId: number, id: number, feeFen: number): Promise<CommissionRecordRow> {
    await this.requireMainAccount(userId);
    const row = await this.own(userId, id);
    if (row.state === "quoted" && Number(row.fee_fen) !== feeFen) {
      throw new BusinessError(ResultCode.validationFailed, "鉴定费报价已变更，请刷新页面确认金额后再支付", { errors: { feeFen: "报价已变更" } });
    }
    return this.move(row, await this.applicantMover(userId), { action: "pay" });
  }

  /** The commission a fee reservation names (its reference is the commission number), for judicial pay's list. */
  async findByCommissionNo(commissionNo: string): Promise<{ id: number; institutionName: string } | null> {
    const row = await this.deps.repository.findCommissionByNo(commissionNo);
    const institution = row ? await this.deps.repository.findInstitution(row.institution_id) : undefined;
    return row ? { id: row.id, institutionName: institution?.name ?? "" } : null;
  }

  /** One of the caller's own commissions; another account's is "not found", never "forbidden". */
  async own(userId: number, id: number): Promise<CommissionRecordRow> {
    const row = await this.deps.repository.findCommission(id);
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  /** An edge by either side, then its notice to the other side. */
  async move(row: CommissionRecordRow, mover: CommissionMover, move: CommissionMove): Promise<CommissionRecordRow> {
    const moved = await this.deps.moves.apply(row, mover, move);
    await this.tell(move.action, moved);
    return moved;
  }

  private async tell(action: CommissionAction, row: CommissionRecordRow): Promise<void> {
    const notice = moveNotice(action, row);
    if (notice.to === "experts") return this.tellExperts(row.institution_id, notice);
    await sendAccountNotice(this.deps.notifier, this.deps.log, await this.deps.accounts.findUser(row.user_id), notice, "司法鉴定委托通知发送失败");
  }

  private async tellExperts(institutionId: number, notice: { subject: string; text: string }): Promise<void> {
    for (const expertId of await this.deps.institutions.expertIdsOf(institutionId)) {
      await sendAccountNotice(this.deps.notifier, this.deps.log, await this.deps.accounts.findUser(expertId), notice, "司法鉴定委托通知发送失败");
    }
  }

  private async applicantMover(userId: number): Promise<CommissionMover> {
    const user = await this.deps.accounts.findUser(userId);
    return { actor: "applicant", userId, name: user ? holderNameOf(user) : String(userId) };
  }

  /** Spec §6, 305: paid services belong to the main account. */
  private async requireMainAccount(userId: number): Promise<UserRow> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.sessionRevoked);
    if (user.parent_id !== null) throw new BusinessError(AccountLimitCode.subAccountNotAllowed, APPRAISAL_MESSAGES.subAccount);
    return user;
  }

  /** The caller's own records, each stored (on the ledger); any other refuses the whole commission. */
  private async storedEvidence(userId: number, ids: readonly number[]): Promise<EvidenceRecord[]> {
    const records = await Promise.all(ids.map((id) => this.deps.evidence.getForHolder(userId, id)));
    if (records.some((record) => record === null)) throw new BusinessError(ResultCode.validationFailed, APPRAISAL_MESSAGES.evidenceNotYours, { errors: { evidenceIds: APPRAISAL_MESSAGES.evidenceNotYours } });
    if (records.some((record) => record!.status !== "stored")) throw new BusinessError(ResultCode.validationFailed, APPRAISAL_MESSAGES.evidenceNotStored, { errors: { evidenceIds: APPRAISAL_MESSAGES.evidenceNotStored } });
    return records as EvidenceRecord[];
  }
}
