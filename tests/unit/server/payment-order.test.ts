import { describe, expect, it } from "vitest";

import { MERCHANT_ORDER_NO_PATTERN, newMerchantOrderNo, newRefundNo, REFUND_NO_PATTERN } from "../../../server/modules/payment/merchant-order-no.js";
import {
  canTransition,
  fenToYuanText,
  isFinalPaymentState,
  PAYMENT_ORDER_STATES,
  yuanTextToFen,
  type PaymentOrderState,
} from "../../../src/schema/payment.js";

/** Written out independently of PAYMENT_ORDER_TRANSITIONS, so the table is checked, not echoed. */
const LEGAL: ReadonlyArray<[PaymentOrderState, PaymentOrderState]> = [
  ["created", "paid"],
  ["created", "failed"],
  ["created", "closed"],
  ["paid", "refunding"],
  ["refunding", "refunded"],
  ["refunding", "refundFailed"],
  ["refundFailed", "refunding"],
];

const EVERY_PAIR = PAYMENT_ORDER_STATES.flatMap((from) => PAYMENT_ORDER_STATES.map((to) => [from, to] as const));

describe("payment order state machine", () => {
  it.each(EVERY_PAIR)("%s → %s", (from, to) => {
    const legal = LEGAL.some(([a, b]) => a === from && b === to);
    expect(canTransition(from, to)).toBe(legal);
  });

  it.each([
    ["created", false],
    ["paid", false],
    ["failed", true],
    ["closed", true],
    ["refunding", false],
    ["refunded", true],
    ["refundFailed", false],
  ] as const)("%s is final: %s", (state, final) => {
    expect(isFinalPaymentState(state)).toBe(final);
  });
});

describe("yuan text ↔ fen", () => {
  it.each([
    ["0.01", 1],
    ["0.1", 10],
    ["0.3", 30],
    ["0.29", 29],
    ["1.00", 100],
    ["8.88", 888],
    ["100", 10000],
    ["100.00", 10000],
    ["1234.5", 123450],
    ["99999999.99", 9_999_999_999],
    ["100000000.00", 10_000_000_000],
    ["0", 0],
  ])("%s yuan → %i fen", (text, fen) => {
    expect(yuanTextToFen(text)).toBe(fen);
  });

  it.each(["", "0.001", "1.234", "-1.00", "+1", "01.00", "1.", ".5", "1e3", "1,000.00", " 1.00", "100000000.01", "999999999.99", "1000000000", "NaN", "0x10"])(
    "%j is refused",
    (text) => {
      expect(yuanTextToFen(text)).toBeNull();
    },
  );

  it("0.1 + 0.2 yuan is exactly 0.3 yuan in fen, where floats give 0.30000000000000004", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = (yuanTextToFen("0.1") ?? NaN) + (yuanTextToFen("0.2") ?? NaN);
    expect(sum).toBe(yuanTextToFen("0.3"));
    expect(fenToYuanText(sum)).toBe("0.30");
  });

  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [10, "0.10"],
    [30, "0.30"],
    [888, "8.88"],
    [10000, "100.00"],
    [9_999_999_999, "99999999.99"],
    [10_000_000_000, "100000000.00"],
  ])("%i fen → %s yuan and back", (fen, text) => {
    expect(fenToYuanText(fen)).toBe(text);
    expect(yuanTextToFen(text)).toBe(fen);
  });

  it.each([-1, 0.5, Number.NaN, 10_000_000_001])("%s fen is not an amount", (fen) => {
    expect(() => fenToYuanText(fen)).toThrow(RangeError);
  });
});

describe("merchant order numbers", () => {
  it("carry the UTC time and fit Alipay's and WeChat Pay's rules", () => {
    const no = newMerchantOrderNo(new Date("2026-11-24T06:59:01.123Z"));
    expect(no).toMatch(MERCHANT_ORDER_NO_PATTERN);
    expect(no.startsWith("P20261124065901")).toBe(true);
    expect(no).toMatch(/^[0-9A-Za-z_]{1,64}$/); // Alipay out_trade_no
    expect(no).toMatch(/^[0-9A-Za-z_\-|*]{6,32}$/); // WeChat Pay out_trade_no
  });

  it("have a refund counterpart of the same shape", () => {
    expect(newRefundNo(new Date("2026-11-24T06:59:01Z"))).toMatch(REFUND_NO_PATTERN);
    expect(newRefundNo()).toMatch(/^[0-9A-Za-z_\-|*@]{1,64}$/); // WeChat Pay out_refund_no, Alipay out_request_no
  });

  it("differ between attempts made in the same second", () => {
    const now = new Date();
    const numbers = new Set(Array.from({ length: 10_000 }, () => newMerchantOrderNo(now)));
    expect(numbers.size).toBe(10_000);
  });
});
