import { FINANCE_MESSAGES } from "../../../../src/schema/console/finance.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import { loginAccountOf } from "../customers/customer-view.js";

export type FinanceCustomer = { id: number; account: string };

/**
 * The customers finance acts on: named by what the operator types (login account, mobile or
 * e-mail), main accounts only, since sub-accounts spend their main account's money (spec §6).
 */
export class FinanceCustomers {
  constructor(private readonly accounts: Pick<AccountRecords, "findUser" | "findByAccount">) {}

  /** The main account named `typed`, or the refusal shown on the form's `field`. */
  async requireMain(typed: string, field = "customerAccount"): Promise<FinanceCustomer> {
    const user = await this.accounts.findByAccount(typed.trim().toLowerCase());
    if (!user) throw refusal(field, FINANCE_MESSAGES.customerNotFound);
    if (user.parent_id !== null) throw refusal(field, FINANCE_MESSAGES.subAccount);
    return { id: user.id, account: loginAccountOf(user) };
  }

  /** The ids of the accounts a list's keyword names exactly (none: an empty list). */
  async idsNamed(keyword: string): Promise<number[]> {
    const user = await this.accounts.findByAccount(keyword.trim().toLowerCase());
    return user ? [user.id] : [];
  }

  async accountsOf(userIds: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(userIds)];
    const users = await Promise.all(unique.map((id) => this.accounts.findUser(id)));
    return new Map(unique.map((id, index) => [id, users[index] ? loginAccountOf(users[index]) : `用户 ${id}`]));
  }
}

function refusal(field: string, message: string): BusinessError {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}
