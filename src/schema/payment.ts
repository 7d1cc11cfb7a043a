import { defineStateGraph } from "./state-machine";

/**
 * Payment orders: the state machine every payment attempt follows, and the exact conversion between
 * the providers' yuan text ("88.80") and our integer fen (DESIGN.md §8). Shared by the server's
 * payment module and the client's recharge screens.
 */

/** One row per attempt (a unique merchant order number each); a new attempt is a new order. */
export const PAYMENT_ORDER_STATES = [
  "created",
  "paid",
  "failed",
  "closed",
  "refunding",
  "refunded",
  "refundFailed",
] as const;

export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

export const PAYMENT_ORDER_STATE_LABELS: Record<PaymentOrderState, string> = {
  created: "待支付",
  paid: "已支付",
  failed: "支付失败",
  closed: "已关闭",
  refunding: "退款中",
  refunded: "已退款",
  refundFailed: "退款失败",
};

/**
 * The legal moves, as data. failed and closed are final: paying again is a new attempt with a new
 * merchant order number. A provider that reports money taken for a failed or closed attempt (a late
 * payment racing the close) cannot move the order back; the payment module must refund it instead.
 * A failed refund may be retried.
 */
export const PAYMENT_ORDER_TRANSITIONS: Record<PaymentOrderState, readonly PaymentOrderState[]> = {
  created: ["paid", "failed", "closed"],
  paid: ["refunding"],
  failed: [],
  closed: [],
  refunding: ["refunded", "refundFailed"],
  refunded: [],
  refundFailed: ["refunding"],
};

export const PAYMENT_ORDER_MACHINE = defineStateGraph("payment order", PAYMENT_ORDER_TRANSITIONS);
export const canTransition = PAYMENT_ORDER_MACHINE.can;
export const isFinalPaymentState = PAYMENT_ORDER_MACHINE.isFinal;

/** Up to 100,000,000 yuan (the top of Alipay's total_amount range); 10^10 fen is far inside 2^53. */
export const MAX_PAYMENT_FEN = 10_000_000_000;

const YUAN_TEXT = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/;

/**
 * "88.8" → 8880. Parsed as text, never through a float, so "0.29" is 29 and not 28.999….
 * Returns null for anything that is not a plain non-negative amount with at most two decimals.
 */
export function yuanTextToFen(text: string): number | null {
  const match = YUAN_TEXT.exec(text);
  if (!match) return null;
  const [, whole, decimals = ""] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  return fen <= MAX_PAYMENT_FEN ? fen : null;
}

/** 8880 → "88.80": the two-decimal yuan text Alipay expects in total_amount. */
export function fenToYuanText(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0 || fen > MAX_PAYMENT_FEN) {
    throw new RangeError(`not an amount in fen: ${fen}`);
  }
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}
