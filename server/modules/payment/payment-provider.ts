import type { PaymentOrderState } from "../../../src/schema/payment";

/**
 * What the payment module needs from a payment provider (Alipay, WeChat Pay, the development
 * cashier). A provider only speaks its protocol: it creates a payment at its gateway, proves that a
 * notification really comes from it, and answers a re-query. Crediting, idempotency and the order
 * state machine (src/schema/payment.ts) belong to the payment module, which must re-query before it
 * credits, because a notification is only a hint that something changed.
 */
export interface PaymentProvider {
  readonly key: PaymentProviderKey;
  /** Asks the gateway for a payment; the browser then follows the redirect or shows the QR code. */
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  /** Checks a notification's signature and content; never throws for a bad notification. */
  verifyNotification(notification: IncomingNotification): Promise<NotificationVerdict>;
  /** The provider's own record of the attempt, fetched from its gateway. */
  queryPayment(merchantOrderNo: string): Promise<PaymentQueryResult>;
  /**
   * Closes an unpaid attempt at the provider, so it can no longer be paid. Resolves when the attempt
   * is closed (or the provider never opened it); throws PaymentGatewayError when the provider could
   * not be asked or refuses, e.g. because it was paid meanwhile: the caller then re-queries later.
   */
  closePayment(merchantOrderNo: string): Promise<void>;
  /**
   * Asks the provider to return money of a paid attempt. Repeating a call with the same refundNo is
   * safe: every provider deduplicates refunds by it, so a retry never refunds twice.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Where a refund that answered "refunding" stands now. */
  queryRefund(merchantOrderNo: string, refundNo: string): Promise<RefundResult>;
  /** What to answer the notifier: `accepted` stops its retries, otherwise it tries again later. */
  acknowledgement(accepted: boolean): NotificationAcknowledgement;
}

export type PaymentProviderKey = "development" | "alipay" | "wechatpay";

export type PaymentRequest = {
  /** Unique per attempt (merchant-order-no.ts), within every provider's length and charset. */
  merchantOrderNo: string;
  amountFen: number;
  /** Shown to the payer on the cashier, e.g. "账户充值 100 元". */
  subject: string;
  /** Absolute URL of our callback for this provider. */
  notifyUrl: string;
  /** Absolute URL the browser comes back to (Alipay, the development cashier). */
  returnUrl: string;
};

export type PaymentStart =
  | { kind: "redirect"; url: string }
  /** The content to encode in a QR code (WeChat Pay Native `code_url`). */
  | { kind: "qrCode"; codeUrl: string };

/** An HTTP request as it arrived: header names lower-case, the body as received. */
export type IncomingNotification = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The form fields when the body is application/x-www-form-urlencoded (Alipay). */
  form?: Record<string, string>;
};

/** pending: the payer has not finished (a notification may report it; nothing to do yet). */
export type PaymentOutcome = "paid" | "failed" | "closed" | "pending";

export type VerifiedNotification = {
  merchantOrderNo: string;
  providerTradeNo: string;
  amountFen: number;
  outcome: PaymentOutcome;
  /** The provider's fields, decrypted where needed, for the table of processed notifications. */
  raw: Record<string, unknown>;
};

export type NotificationVerdict =
  | { ok: true; notification: VerifiedNotification }
  | { ok: false; reason: string };

export type PaymentQueryResult =
  /** providerTradeNo is null while the provider has not assigned one (WeChat Pay NOTPAY). */
  | { found: true; merchantOrderNo: string; providerTradeNo: string | null; amountFen: number; outcome: PaymentOutcome }
  | { found: false };

export type RefundRequest = {
  merchantOrderNo: string;
  /** newRefundNo: resending a request whose answer was lost reuses it; trying again after refundFailed takes a new one. */
  refundNo: string;
  refundFen: number;
  /** The attempt's whole amount, which WeChat Pay asks for alongside the refund. */
  totalFen: number;
  reason: string;
};

/** The refund states of the order state machine the provider can report. */
export type RefundResult = {
  state: Extract<PaymentOrderState, "refunded" | "refunding" | "refundFailed">;
  providerRefundNo: string | null;
};

export type NotificationAcknowledgement = { status: number; contentType: string; body: string };

export function refuseNotification(reason: string): NotificationVerdict {
  return { ok: false, reason };
}

/** A gateway (or, for the cashier, our callback) that has not answered by then is given up on; the caller retries later. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** A gateway answered with something we cannot trust or understand; the caller may retry later. */
export class PaymentGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

/** One header, whatever its case and however many times it came. */
export function headerValue(headers: IncomingNotification["headers"], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
