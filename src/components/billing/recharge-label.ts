import { formatBalanceYuan } from "../../schema/billing";

/** Before the balance is known, or when it could not be read, the button just says what it does. */
export const RECHARGE_LABEL = "充值";

/**
 * The recharge button's text (spec §4): a zero balance invites a first top-up, a negative one
 * shows the debt then asks for a recharge, a positive one shows the balance and offers to top up again.
 */
export function rechargeLabel(balanceFen: number | null): string {
  if (balanceFen === null) return RECHARGE_LABEL;
  if (balanceFen === 0) return "余额 0 元，立即充值";
  if (balanceFen < 0) return `余额 ${formatBalanceYuan(balanceFen)} 元，请充值`;
  return `余额 ${formatBalanceYuan(balanceFen)} 元，继续充值`;
}
