import { defineStateGraph } from "./state-machine";

/**
 * Refunds of money a provider took and we did not credit (DESIGN.md §8): a payment that arrived
 * after we closed the attempt, or one for another amount than the order's. The money never reached
 * a balance, so a refund moves nothing in the money journal; it only returns what the provider holds.
 * Shared by the payment module and the console's finance pages.
 */

export const PAYMENT_REFUND_STATES = ["requested", "refunding", "refunded", "refundFailed"] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

export const PAYMENT_REFUND_STATE_LABELS: Record<PaymentRefundState, string> = {
  requested: "待退款",
  refunding: "退款中",
  refunded: "已退款",
  refundFailed: "退款失败",
};

/**
 * The legal moves, as data. requested: recorded, the provider not asked yet. Asking moves it to
 * refunding, which the provider's answer (or a later query) settles. A failed refund may be asked
 * again, under a new refund number.
 */
export const PAYMENT_REFUND_TRANSITIONS: Record<PaymentRefundState, readonly PaymentRefundState[]> = {
  requested: ["refunding"],
  refunding: ["refunded", "refundFailed"],
  refunded: [],
  refundFailed: ["refunding"],
};

export const PAYMENT_REFUND_MACHINE = defineStateGraph("payment refund", PAYMENT_REFUND_TRANSITIONS);
export const canMoveRefund = PAYMENT_REFUND_MACHINE.can;

/** Why money is returned: both are money taken that no balance received. */
export const PAYMENT_REFUND_REASONS = ["paidAfterClose", "amountMismatch"] as const;
export type PaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/** Also sent to the provider as the refund reason, which the payer may see on the statement. */
export const PAYMENT_REFUND_REASON_LABELS: Record<PaymentRefundReason, string> = {
  paidAfterClose: "订单关闭后收到付款，原路退回",
  amountMismatch: "付款金额与订单不符，原路退回",
};

/** Housekeeping asks again this many times in all; after that only finance's 重试 asks again. */
export const AUTOMATIC_REFUND_ATTEMPTS = 5;
