import { AccountLimitCode, BILLED_PRODUCTS, type AccountLimitCodeValue } from "../../../src/schema/billing.js";

/** What accountStatus decides on, gathered from the accounts and billing tables. */
export interface AccountFacts {
  productCode: number;
  isSubAccount: boolean;
  isIdentityVerified: boolean;
  balanceFen: number;
  hasOfflineContract: boolean;
}

/**
 * The first limit that stops this account from using the product, or null when nothing does.
 * The order is the order a user fixes things in: the product must exist before it matters who
 * asks, a sub-account cannot fix its own verification or balance, and money is asked for last.
 * Spec §4: usable "when the account has a balance or an offline contract was signed".
 */
export function accountLimitOf(facts: AccountFacts): AccountLimitCodeValue | null {
  if (!(facts.productCode in BILLED_PRODUCTS)) return AccountLimitCode.productUnavailable;
  if (facts.isSubAccount) return AccountLimitCode.subAccountNotAllowed;
  if (!facts.isIdentityVerified) return AccountLimitCode.identityUnverified;
  if (facts.balanceFen <= 0 && !facts.hasOfflineContract) return AccountLimitCode.balanceInsufficient;
  return null;
}
