import { AccountType, VerificationStatus } from "../../../../src/schema/account.js";
import { LAWYER_CONSOLE_MESSAGES, type CustomerLawyer, type LawyerProfileForm } from "../../../../src/schema/console/lawyers.js";
import { CUSTOMER_MESSAGES } from "../../../../src/schema/console/customers.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { UserRow } from "../../account/user.repository.js";
import { toLawyerProfile, type LawyerProfiles } from "../../lawyer/lawyer-profiles.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import { customerTarget } from "./customer-view.js";

export type CustomerLawyerDependencies = {
  accounts: Pick<AccountRecords, "findUser">;
  lawyers: Pick<LawyerProfiles, "mark" | "unmark" | "consoleRow">;
  audit: Pick<AuditTrail, "perform">;
};

/** Why an account may not be marked as a lawyer; null when it may (an active, real-name verified main account). */
export function lawyerIneligibility(user: Pick<UserRow, "status" | "account_type" | "real_name_status">): string | null {
  if (user.status !== "active") return LAWYER_CONSOLE_MESSAGES.notActive;
  if (user.account_type === AccountType.subAccount) return LAWYER_CONSOLE_MESSAGES.subAccount;
  return user.real_name_status === VerificationStatus.verified ? null : LAWYER_CONSOLE_MESSAGES.notVerified;
}

/**
 * The console's lawyer mark on a customer (issue 17). The lawyer module owns the profiles; each
 * change runs through the audit trail with the profile before and after, in the trail's transaction.
 */
export class CustomerLawyerService {
  constructor(private readonly deps: CustomerLawyerDependencies) {}

  async detail(userId: number): Promise<CustomerLawyer> {
    const user = await this.requireCustomer(userId);
    const row = await this.deps.lawyers.consoleRow(userId);
    const ineligibleReason = lawyerIneligibility(user);
    return {
      isEligible: ineligibleReason === null,
      ineligibleReason,
      isLawyer: row?.is_active === 1,
      profile: row ? { ...toLawyerProfile(row), markTime: row.marked_at, updateTime: row.updated_at } : null,
    };
  }

  /** Marks the account, or edits the profile of one already marked (customer.markLawyer / customer.updateLawyer). */
  async mark(operator: ActingOperator, userId: number, form: LawyerProfileForm): Promise<CustomerLawyer> {
    const user = await this.requireCustomer(userId);
    const refusal = lawyerIneligibility(user);
    if (refusal) throw new BusinessError(ResultCode.validationFailed, refusal);
    const { reason, ...profile } = form;
    const isMarked = (await this.deps.lawyers.consoleRow(userId))?.is_active === 1;
    await this.deps.audit.perform({ operator, action: isMarked ? "customer.updateLawyer" : "customer.markLawyer", target: customerTarget(user), reason }, async (trx) => {
      const change = await this.deps.lawyers.mark(trx, userId, profile);
      return { result: null, before: { lawyer: change.before }, after: { lawyer: change.after } };
    });
    return this.detail(userId);
  }

  /** Takes the mark away: the lawyer leaves the list users choose from; their threads stay. */
  async unmark(operator: ActingOperator, userId: number, reason: string): Promise<CustomerLawyer> {
    const user = await this.requireCustomer(userId);
    await this.deps.audit.perform({ operator, action: "customer.unmarkLawyer", target: customerTarget(user), reason }, async (trx) => {
      const change = await this.deps.lawyers.unmark(trx, userId);
      return { result: null, before: { lawyer: change.before }, after: { lawyer: change.after } };
    });
    return this.detail(userId);
  }

  private async requireCustomer(userId: number): Promise<UserRow> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.notFound, CUSTOMER_MESSAGES.notFound);
    return user;
  }
}
