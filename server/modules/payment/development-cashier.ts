import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import {
  GATEWAY_TIMEOUT_MS,
  headerValue,
  PaymentGatewayError,
  refuseNotification,
  type IncomingNotification,
  type NotificationVerdict,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentQueryResult,
  type PaymentRequest,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
} from "./payment-provider";

/** The header carrying the hex HMAC-SHA256 of the raw body. */
export const CASHIER_SIGNATURE_HEADER = "x-development-cashier-signature";

export type CashierAttempt = {
  request: PaymentRequest;
  providerTradeNo: string;
  outcome: PaymentOutcome;
  /** What the payer paid: the order's amount unless told to pay another. */
  takenFen: number;
  /** Refunds by refund number; repeating one returns the first answer. */
  refunds: Map<string, CashierRefund>;
};

type CashierRefund = RefundResult & { refundFen?: number };

/** What our callback answered to one delivery; status 0 when it could not be reached. */
export type DeliveryReport = { status: number; body: string };

export type DeliveryOptions = {
  /** Send the same notification this many times, as a provider retrying or duplicating does. */
  times?: number;
  /** Wait this long before sending, as a provider that notifies late does. */
  delayMs?: number;
  /** Pay this amount instead of the order's, as a provider that took the wrong amount does. */
  takenFen?: number;
};

/**
 * The development payment provider: a simulated cashier, honest about being one, that plays the
 * provider's side of the protocol. Its notifications are signed with an HMAC key created when it
 * starts, so the callback refuses forged ones exactly as it would for a real provider. It keeps its
 * attempts in memory: a restart forgets them, and a later query answers "not found".
 */
export class DevelopmentCashier implements PaymentProvider {
  readonly key = "development" as const;
  private readonly secret = randomBytes(32);
  private readonly attempts = new Map<string, CashierAttempt>();

  /** `cashierUrl`: the simulated cashier page the browser is sent to. */
  constructor(private readonly cashierUrl: string) {}

  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    if (!this.attempts.has(request.merchantOrderNo)) {
      const providerTradeNo = `DEV${randomBytes(10).toString("hex").toUpperCase()}`;
      this.attempts.set(request.merchantOrderNo, { request, providerTradeNo, outcome: "pending", takenFen: request.amountFen, refunds: new Map() });
    }
    const url = new URL(this.cashierUrl);
    url.searchParams.set("merchantOrderNo", request.merchantOrderNo);
    return { kind: "redirect", url: url.toString() };
  }

  /** What the cashier page shows for an order, or undefined for one it never saw. */
  attempt(merchantOrderNo: string): CashierAttempt | undefined {
    return this.attempts.get(merchantOrderNo);
  }

  /**
   * The payer's decision on the cashier page: the attempt takes the outcome and the cashier notifies
   * our callback (several times, or late, when told to). A decided attempt keeps its first outcome,
   * as a real provider's trade does; the notification then repeats it.
   */
  async decide(merchantOrderNo: string, outcome: Exclude<PaymentOutcome, "pending">, options: DeliveryOptions = {}) {
    const attempt = this.attempts.get(merchantOrderNo);
    if (!attempt) throw new Error(`the cashier never saw order ${merchantOrderNo}`);
    const { times = 1, delayMs = 0, takenFen } = options;
    if (attempt.outcome === "pending") {
      attempt.outcome = outcome;
      if (outcome === "paid" && takenFen !== undefined) attempt.takenFen = takenFen;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const reports: DeliveryReport[] = [];
    for (let i = 0; i < times; i += 1) reports.push(await this.deliver(attempt));
    return reports;
  }

  /** The signed notification for an attempt as it stands, as its HTTP request would carry it. */
  notification(merchantOrderNo: string): { headers: Record<string, string>; rawBody: string } {
    const attempt = this.attempts.get(merchantOrderNo);
    if (!attempt) throw new Error(`the cashier never saw order ${merchantOrderNo}`);
    const rawBody = JSON.stringify({
      notificationId: randomBytes(8).toString("hex"),
      merchantOrderNo,
      providerTradeNo: attempt.providerTradeNo,
      amountFen: attempt.takenFen,
      outcome: attempt.outcome,
    });
    return { headers: { "content-type": "application/json", [CASHIER_SIGNATURE_HEADER]: this.sign(rawBody) }, rawBody };
  }

  async verifyNotification(notification: IncomingNotification): Promise<NotificationVerdict> {
    const signature = Buffer.from(headerValue(notification.headers, CASHIER_SIGNATURE_HEADER) ?? "", "hex");
    const expected = Buffer.from(this.sign(notification.rawBody), "hex");
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return refuseNotification("bad signature");
    const body = JSON.parse(notification.rawBody) as Record<string, unknown>;
    const { merchantOrderNo, providerTradeNo, amountFen, outcome } = body;
    if (typeof merchantOrderNo !== "string" || typeof providerTradeNo !== "string") return refuseNotification("order numbers missing");
    if (typeof amountFen !== "number" || !Number.isSafeInteger(amountFen)) return refuseNotification("bad amountFen");
    if (outcome !== "paid" && outcome !== "failed" && outcome !== "closed" && outcome !== "pending") {
      return refuseNotification(`bad outcome ${String(outcome)}`);
    }
    return { ok: true, notification: { merchantOrderNo, providerTradeNo, amountFen, outcome, raw: body } };
  }

  async queryPayment(merchantOrderNo: string): Promise<PaymentQueryResult> {
    const attempt = this.attempts.get(merchantOrderNo);
    if (!attempt) return { found: false };
    const { providerTradeNo, outcome, takenFen } = attempt;
    return { found: true, merchantOrderNo, providerTradeNo, amountFen: takenFen, outcome };
  }

  /** Closes an attempt nobody paid, so the cashier page refuses to take money for it; a paid one cannot be closed. */
  async closePayment(merchantOrderNo: string): Promise<void> {
    const attempt = this.attempts.get(merchantOrderNo);
    if (!attempt || attempt.outcome === "closed" || attempt.outcome === "failed") return;
    if (attempt.outcome === "paid") throw new PaymentGatewayError(`the cashier's order ${merchantOrderNo} is paid and cannot be closed`);
    attempt.outcome = "closed";
  }

  /** Refunds at once what was paid and not yet refunded; anything more fails, as at a real provider. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const attempt = this.attempts.get(request.merchantOrderNo);
    if (!attempt) return { state: "refundFailed", providerRefundNo: null };
    const earlier = attempt.refunds.get(request.refundNo);
    if (earlier) return { state: earlier.state, providerRefundNo: earlier.providerRefundNo };
    const refundedFen = [...attempt.refunds.values()]
      .filter((refund) => refund.state === "refunded")
      .reduce((sum, refund) => sum + (refund.refundFen ?? 0), 0);
    const possible = attempt.outcome === "paid" && request.refundFen > 0 && refundedFen + request.refundFen <= attempt.takenFen;
    const result: CashierRefund = possible
      ? { state: "refunded", providerRefundNo: `DEVR${randomBytes(10).toString("hex").toUpperCase()}`, refundFen: request.refundFen }
      : { state: "refundFailed", providerRefundNo: null };
    attempt.refunds.set(request.refundNo, result);
    return { state: result.state, providerRefundNo: result.providerRefundNo };
  }

  async queryRefund(merchantOrderNo: string, refundNo: string): Promise<RefundResult> {
    const refund = this.attempts.get(merchantOrderNo)?.refunds.get(refundNo);
    return refund ? { state: refund.state, providerRefundNo: refund.providerRefundNo } : { state: "refundFailed", providerRefundNo: null };
  }

  acknowledgement(accepted: boolean) {
    return { status: accepted ? 200 : 400, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "failure" };
  }

  private sign(rawBody: string): string {
    return createHmac("sha256", this.secret).update(rawBody, "utf8").digest("hex");
  }

  private async deliver(attempt: CashierAttempt): Promise<DeliveryReport> {
    const { headers, rawBody } = this.notification(attempt.request.merchantOrderNo);
    try {
      const response = await fetch(attempt.request.notifyUrl, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
  }
}
