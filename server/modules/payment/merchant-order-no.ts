import { randomInt } from "node:crypto";

/**
 * A merchant order number unique per payment attempt: "P", the UTC time to the second, then ten
 * random characters. 25 letters and digits fit every provider's rule (Alipay out_trade_no: up to 64
 * of letters, digits and underscore; WeChat Pay out_trade_no: 6-32 of letters, digits, _-|*).
 * 36^10 ≈ 3.7e15 choices a second make a collision practically impossible; the payment module's
 * unique index is the guarantee.
 */
export function newMerchantOrderNo(now: Date = new Date()): string {
  return uniqueNo("P", now);
}

/** A refund request number, same shape with "R" (Alipay out_request_no, WeChat Pay out_refund_no: up to 64). */
export function newRefundNo(now: Date = new Date()): string {
  return uniqueNo("R", now);
}

function uniqueNo(prefix: string, now: Date): string {
  const time = now.toISOString().replace(/\D/g, "").slice(0, 14);
  let random = "";
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${time}${random}`;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const RANDOM_LENGTH = 10;

export const MERCHANT_ORDER_NO_PATTERN = /^P\d{14}[0-9A-Z]{10}$/;
export const REFUND_NO_PATTERN = /^R\d{14}[0-9A-Z]{10}$/;
