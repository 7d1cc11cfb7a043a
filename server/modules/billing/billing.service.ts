import { AccountType, VerificationStatus } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { ACCOUNT_LIMIT_MESSAGES, ACCOUNT_USABLE_MESSAGE, balanceOf, type Balance } from "../../../src/schema/billing.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { accountLimitOf } from "./account-limits.js";
import type { BillingRepository } from "./billing.repository.js";
import type { OfflineContracts } from "./offline-contracts.js";

export type BillingDependencies = {
  accounts: BillingRepository;
  /** The account module's records: account type and verification decide what an account may use. */
  users: Pick<AccountRecords, "findUser">;
  /** Spec §4: an offline contract in force today enables the services without a balance. */
  contracts: Pick<OfflineContracts, "inForce">;
};

/** The account's money and what it may use (spec §4, §7). Recharge and charging come with the payment issue. */
export class BillingService {
  constructor(private readonly deps: BillingDependencies) {}

  async getBalance(userId: number): Promise<Balance> {
    const account = await this.deps.accounts.findByUserId(userId);
    return balanceOf(account.balance_fen);
  }

  /** accountStatus answers only a code and its message: 200, or the first limit (301/304/305/309). */
  async accountStatus(userId: number, productCode: number): Promise<{ code: number; message: string }> {
    const [user, account, contract] = await Promise.all([this.deps.users.findUser(userId), this.deps.accounts.findByUserId(userId), this.deps.contracts.inForce(userId)]);
    // The session proved the user exists and is active: a missing row is a server fault, not a limit.
    if (!user) throw new Error(`accountStatus: user ${userId} of a live session has no row`);
    const limit = accountLimitOf({
      productCode,
      isSubAccount: user.account_type === AccountType.subAccount,
      isIdentityVerified: user.real_name_status === VerificationStatus.verified || user.enterprise_status === VerificationStatus.verified,
      balanceFen: account.balance_fen,
      hasOfflineContract: contract !== undefined,
    });
    return limit === null ? { code: ResultCode.success, message: ACCOUNT_USABLE_MESSAGE } : { code: limit, message: ACCOUNT_LIMIT_MESSAGES[limit] };
  }
}
