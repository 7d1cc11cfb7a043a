import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CashierAttempt, DevelopmentCashierRepository } from "./development-cashier.repository.js";
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
} from "./payment-provider.js";

export type { CashierAttempt } from "./development-cashier.repository.js";

export type DevelopmentCashierDependencies = {
  /** The simulated cashier page the browser is sent to. */
  cashierUrl: string;
  /** Its attempts and refunds, shared by every process (the database). */
  attempts: DevelopmentCashierRepository;
  /** The HMAC key of its notifications, the installation's (DATA_DIR/keys), so any process verifies what another's cashier signed. */
  secret: Buffer;
  now: () => number;
};

/** The header carrying the hex HMAC-SHA256 of the raw body. */
export const CASHIER_SIGNATURE_HEADER = "x-development-cashier-signature";

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
 * provider's side of the protocol. Its notifications are signed with the installation's HMAC key,
 * so the callback refuses forged ones exactly as it would for a real provider. Its attempts are
 * rows, as a real provider's are at its gateway: any process shows, decides and queries an order
 * another one opened, and a restart forgets nothing.
 */
export class DevelopmentCashier implements PaymentProvider {
  readonly key = "development" as const;

  constructor(private readonly deps: DevelopmentCashierDependencies) {}

  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const providerTradeNo = `DEV${randomBytes(10).toString("hex").toUpperCase()}`;
    await this.deps.attempts.insertIfAbsent({ request, providerTradeNo, outcome: "pending", takenFen: request.amountFen }, this.deps.now());
    const url = new URL(this.deps.cashierUrl);
    url.searchParams.set("merchantOrderNo", request.merchantOrderNo);
    return { kind: "redirect", url: url.toString() };
  }

  /** What the cashier page shows for an order, or undefined for one it never saw. */
  attempt(merchantOrderNo: string): Promise<CashierAttempt | undefined> {
    return this.deps.attempts.find(merchantOrderNo);
  }

  /** The refunds it answered for an order, oldest first. */
  refunds(merchantOrderNo: string) {
    return this.deps.attempts.refunds(merchantOrderNo);
  }

  /**
   * The payer's decision on the cashier page: the attempt takes the outcome and the cashier notifies
   * our callback (several times, or late, when told to). A decided attempt keeps its first outcome,
   * as a real provider's trade does; the notification then repeats it.
   */
  async decide(merchantOrderNo: string, outcome: Exclude<PaymentOutcome, "pending">, options: DeliveryOptions = {}) {
    if (!(await this.attempt(merchantOrderNo))) throw new Error(`the cashier never saw order ${merchantOrderNo}`);
    const { times = 1, delayMs = 0, takenFen } = options;
    await this.deps.attempts.decidePending(merchantOrderNo, outcome, outcome === "paid" ? takenFen : undefined);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const reports: DeliveryReport[] = [];
    for (let i = 0; i < times; i += 1) reports.push(await this.deliver(merchantOrderNo));
    return reports;
  }

  /** The signed notification for an attempt as it stands, as its HTTP request would carry it. */
  async notification(merchantOrderNo: string): Promise<{ headers: Record<string, string>; rawBody: string }> {
    const attempt = await this.attempt(merchantOrderNo);
    if (!attempt) throw new Error(`the cashier never saw order ${merchantOrderNo}`);
    return this.signedNotification(attempt);
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
    const attempt = await this.attempt(merchantOrderNo);
    if (!attempt) return { found: false };
    const { providerTradeNo, outcome, takenFen } = attempt;
    return { found: true, merchantOrderNo, providerTradeNo, amountFen: takenFen, outcome };
  }

  /** Closes an attempt nobody paid, so the cashier page refuses to take money for it; a paid one cannot be closed. */
  async closePayment(merchantOrderNo: string): Promise<void> {
    await this.deps.attempts.decidePending(merchantOrderNo, "closed", undefined);
    // Paid before the close reached it (here or by another process): as a real provider, it refuses.
    if ((await this.attempt(merchantOrderNo))?.outcome === "paid") throw new PaymentGatewayError(`the cashier's order ${merchantOrderNo} is paid and cannot be closed`);
  }

  /** Refunds at once what was paid and not yet refunded; anything more fails, as at a real provider. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const attempt = await this.attempt(request.merchantOrderNo);
    if (!attempt) return { state: "refundFailed", providerRefundNo: null };
    const refunds = await this.refunds(request.merchantOrderNo);
    const earlier = refunds.find((refund) => refund.refundNo === request.refundNo);
    if (earlier) return { state: earlier.state, providerRefundNo: earlier.providerRefundNo };
    const refundedFen = refunds
      .filter((refund) => refund.state === "refunded")
      .reduce((sum, refund) => sum + (refund.refundFen ?? 0), 0);
    const possible = attempt.outcome === "paid" && request.refundFen > 0 && refundedFen + request.refundFen <= attempt.takenFen;
    const providerRefundNo = possible ? `DEVR${randomBytes(10).toString("hex").toUpperCase()}` : null;
    await this.deps.attempts.insertRefund(
      request.merchantOrderNo,
      { refundNo: request.refundNo, state: possible ? "refunded" : "refundFailed", providerRefundNo, refundFen: possible ? request.refundFen : null },
      this.deps.now(),
    );
    // The stored answer: a process answering the same refund number at the same moment got there first.
    return this.queryRefund(request.merchantOrderNo, request.refundNo);
  }

  async queryRefund(merchantOrderNo: string, refundNo: string): Promise<RefundResult> {
    const refund = (await this.refunds(merchantOrderNo)).find((each) => each.refundNo === refundNo);
    return refund ? { state: refund.state, providerRefundNo: refund.providerRefundNo } : { state: "refundFailed", providerRefundNo: null };
  }

  acknowledgement(accepted: boolean) {
    return { status: accepted ? 200 : 400, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "failure" };
  }

  private sign(rawBody: string): string {
    return createHmac("sha256", this.deps.secret).update(rawBody, "utf8").digest("hex");
  }

  private signedNotification(attempt: CashierAttempt): { headers: Record<string, string>; rawBody: string } {
    const rawBody = JSON.stringify({
      notificationId: randomBytes(8).toString("hex"),
      merchantOrderNo: attempt.request.merchantOrderNo,
      providerTradeNo: attempt.providerTradeNo,
      amountFen: attempt.takenFen,
      outcome: attempt.outcome,
    });
    return { headers: { "content-type": "application/json", [CASHIER_SIGNATURE_HEADER]: this.sign(rawBody) }, rawBody };
  }

  /** Each delivery reads the attempt afresh: another process may have decided it meanwhile. */
  private async deliver(merchantOrderNo: string): Promise<DeliveryReport> {
    const attempt = (await this.attempt(merchantOrderNo))!;
    const { headers, rawBody } = this.signedNotification(attempt);
    try {
      const response = await fetch(attempt.request.notifyUrl, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
  }
}
