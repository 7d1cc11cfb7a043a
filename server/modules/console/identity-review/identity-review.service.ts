import { VerificationStatus } from "../../../../src/schema/account.js";
import {
  APPLICATION_KIND_LABELS,
  applicationKey,
  IDENTITY_APPLICATION_TARGET,
  IDENTITY_DECISION_ACTIONS,
  type ApplicationHistoryItem,
  type ApplicationRef,
  type DecideApplicationInput,
  type IdentityApplication,
  type IdentityApplicationListQuery,
  type IdentityApplicationRow,
  type ReviewStatus,
} from "../../../../src/schema/console/identity-review.js";
import { formatDateTime } from "../../../../src/schema/format.js";
import { institutionTypeName } from "../../../../src/schema/lists.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { CERTIFICATE_KINDS, maskNationalId } from "../../../../src/schema/personal.js";
import { parseShanghaiDateTime } from "../../../../src/schema/shanghai-time.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { UserRow } from "../../account/user.repository.js";
import { holderNameOf } from "../../evidence/holder-name.js";
import { sendAccountNotice, type AccountNotice } from "../../notifier/account-notice.js";
import type { Notifier } from "../../notifier/notifier.js";
import type { ApplicationRow, ApplicationSummaryRow } from "../../personal/identity.repository.js";
import type { IdentityDecision, IdentityService } from "../../personal/identity.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import { decisionNotice } from "./identity-decision-notice.js";

const DAY_MS = 24 * 60 * 60 * 1000;

const REVIEW_STATUS: Record<number, ReviewStatus> = {
  [VerificationStatus.pending]: "pending",
  [VerificationStatus.verified]: "approved",
  [VerificationStatus.rejected]: "rejected",
};
const VERIFICATION_STATUS: Record<ReviewStatus, number> = { pending: VerificationStatus.pending, approved: VerificationStatus.verified, rejected: VerificationStatus.rejected };

export type IdentityReviewDependencies = {
  identity: Pick<IdentityService, "findApplications" | "requireApplication" | "applicationsOf" | "licenceImageOf" | "decide">;
  accounts: Pick<AccountRecords, "findUser" | "findByAccount">;
  notifier: Notifier;
  audit: Pick<AuditTrail, "perform">;
  /** Where an undelivered notice is reported (the decision stands; the customer sees it when they look). */
  log: { warn(details: object, message: string): void };
};

/**
 * The console's review of identity applications (issue 13). It reads and decides through the
 * personal module's IdentityService, which owns the applications; each decision is an audited
 * operator action (the audit record and the decision commit together, then the ledger entry
 * follows), and the customer is told by SMS or e-mail once it has committed.
 */
export class IdentityReviewService {
  constructor(private readonly deps: IdentityReviewDependencies) {}

  async list(query: IdentityApplicationListQuery): Promise<PageP<IdentityApplicationRow>> {
    const { pageNumber, pageSize, keyword } = query;
    const named = keyword ? await this.deps.accounts.findByAccount(keyword.toLowerCase()) : undefined;
    const from = query.startTime ? parseShanghaiDateTime(query.startTime) : null;
    const to = query.endTime ? parseShanghaiDateTime(query.endTime) : null;
    const { rows, total } = await this.deps.identity.findApplications(
      {
        status: VERIFICATION_STATUS[query.status],
        ...(query.kind ? { kind: query.kind } : {}),
        ...(keyword ? { keyword, userIds: named ? [named.id] : [] } : {}),
        ...(from !== null ? { from } : {}),
        // Query dates are Shanghai calendar days, inclusive at both ends.
        ...(to !== null ? { to: to + DAY_MS - 1 } : {}),
      },
      { limit: pageSize, offset: (pageNumber - 1) * pageSize },
    );
    const accounts = await this.accountsOf(rows.map((row) => row.user_id));
    return {
      list: rows.map((row) => toRow(row, accounts.get(row.user_id))),
      pageNumber,
      pageSize,
      totalPage: Math.ceil(total / pageSize),
      totalRow: total,
    };
  }

  async one({ kind, id }: ApplicationRef): Promise<IdentityApplication> {
    const row = await this.deps.identity.requireApplication(kind, id);
    const [user, history, licenceImage] = await Promise.all([
      this.deps.accounts.findUser(row.user_id),
      this.deps.identity.applicationsOf(kind, row.user_id),
      "enterprise_name" in row ? this.deps.identity.licenceImageOf(row) : null,
    ]);
    const person = "real_name" in row ? row : null;
    const organisation = "enterprise_name" in row ? row : null;
    return {
      key: applicationKey({ kind, id }),
      kind,
      id,
      status: REVIEW_STATUS[row.status],
      userId: row.user_id,
      account: accountOf(user, row.user_id),
      displayName: user ? holderNameOf(user) : "",
      mobile: user?.mobile ?? null,
      mail: user?.mail ?? null,
      realName: person?.real_name ?? null,
      idNumber: person?.id_number ?? null,
      enterpriseName: organisation?.enterprise_name ?? null,
      institutionType: organisation ? (institutionTypeName(organisation.institution_type) ?? String(organisation.institution_type)) : null,
      certificateKind: organisation ? certificateKindName(organisation.certificate_kind) : null,
      certificateNumber: organisation?.certificate_number ?? null,
      licenceImage,
      submitTime: formatDateTime(row.submitted_at),
      decideTime: row.decided_at === null ? null : formatDateTime(row.decided_at),
      decidedBy: row.decided_by_account,
      rejectReason: row.reject_reason,
      check: row.check_outcome
        ? { provider: row.provider, outcome: row.check_outcome, note: row.check_note ?? "", checkTime: row.checked_at === null ? "" : formatDateTime(row.checked_at) }
        : null,
      history: history.map((item) => toHistoryItem(item, id)),
    };
  }

  /**
   * Approves or rejects a pending application as `operator`: the decision, the account's status and
   * the audit record commit in one transaction (a decided application refuses, and nothing is
   * recorded); then the customer is told.
   */
  async decide(operator: ActingOperator, input: DecideApplicationInput): Promise<IdentityApplicationRow> {
    const { kind, id } = input;
    const row = await this.deps.identity.requireApplication(kind, id);
    const decision: IdentityDecision = input.decision === "approve" ? { outcome: "approved" } : { outcome: "rejected", reason: input.reason ?? "" };
    const after = input.decision === "approve" ? "approved" : "rejected";
    const subject = subjectOf(row);
    await this.deps.audit.perform(
      {
        operator,
        action: IDENTITY_DECISION_ACTIONS[input.decision],
        target: { type: IDENTITY_APPLICATION_TARGET, id: applicationKey(input), label: `${APPLICATION_KIND_LABELS[kind]}：${subject}` },
        reason: input.reason ?? null,
      },
      async (trx) => {
        await this.deps.identity.decide(kind, id, decision, { trx, decidedBy: { operatorId: operator.id, account: operator.account } });
        return { result: undefined, before: { status: REVIEW_STATUS[row.status] }, after: { status: after } };
      },
    );
    const user = await this.deps.accounts.findUser(row.user_id);
    if (user) await this.notify(user, decisionNotice(kind, subject, decision));
    const decided = await this.deps.identity.requireApplication(kind, id);
    return toRow(summaryOf(kind, decided), accountOf(user, row.user_id));
  }

  /** By SMS to the account's mobile, else by e-mail; a notice that cannot be sent is logged, never retried here. */
  private notify(user: UserRow, notice: AccountNotice): Promise<void> {
    return sendAccountNotice(this.deps.notifier, this.deps.log, user, notice, "认证审核结果通知发送失败");
  }

  private async accountsOf(userIds: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(userIds)];
    const users = await Promise.all(unique.map((userId) => this.deps.accounts.findUser(userId)));
    return new Map(unique.map((userId, index) => [userId, accountOf(users[index], userId)]));
  }
}

/** How the console names a customer: the login account, else the phone or e-mail it was registered with. */
function accountOf(user: UserRow | undefined, userId: number): string {
  return user?.login_account ?? user?.mobile ?? user?.mail ?? `用户 ${userId}`;
}

function subjectOf(row: ApplicationRow): string {
  return "real_name" in row ? row.real_name : row.enterprise_name;
}

function summaryOf(kind: ApplicationRef["kind"], row: ApplicationRow): ApplicationSummaryRow {
  return {
    kind,
    id: row.id,
    user_id: row.user_id,
    subject_name: subjectOf(row),
    certificate_number: "id_number" in row ? row.id_number : row.certificate_number,
    status: row.status,
    reject_reason: row.reject_reason,
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    decided_by_account: row.decided_by_account,
    check_outcome: row.check_outcome,
  };
}

/** A list row: a person's ID number masked (the whole number only on the application's own page). */
function toRow(row: ApplicationSummaryRow, account = `用户 ${row.user_id}`): IdentityApplicationRow {
  return {
    key: applicationKey(row),
    kind: row.kind,
    id: row.id,
    account,
    subjectName: row.subject_name,
    certificateNumber: row.kind === "person" ? maskNationalId(row.certificate_number) : row.certificate_number,
    status: REVIEW_STATUS[row.status],
    checkOutcome: row.check_outcome,
    submitTime: formatDateTime(row.submitted_at),
    decideTime: row.decided_at === null ? null : formatDateTime(row.decided_at),
    decidedBy: row.decided_by_account,
  };
}

function toHistoryItem(row: ApplicationSummaryRow, currentId: number): ApplicationHistoryItem {
  const { id, subjectName, certificateNumber, status, decidedBy, submitTime, decideTime } = toRow(row);
  return { id, isCurrent: row.id === currentId, subjectName, certificateNumber, status, rejectReason: row.reject_reason, decidedBy, submitTime, decideTime };
}

function certificateKindName(kind: string): string {
  return CERTIFICATE_KINDS.find((item) => item.id === kind)?.name ?? kind;
}
