import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { PaymentOutcome, PaymentRequest, RefundResult } from "./payment-provider.js";

export type CashierAttempt = {
  request: PaymentRequest;
  providerTradeNo: string;
  outcome: PaymentOutcome;
  /** What the payer paid: the order's amount unless told to pay another. */
  takenFen: number;
};

/** One refund the cashier answered, by its refund number. */
export type CashierRefund = RefundResult & { refundNo: string; refundFen: number | null };

/**
 * The only code that touches development_cashier_attempts and development_cashier_refunds
 * (migration 0039): the simulated provider's own records, shared by every process, as a real
 * provider's are by its gateway.
 */
export class DevelopmentCashierRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Opens the attempt unless one with that order number is there already (a repeated create keeps the first). */
  async insertIfAbsent(attempt: CashierAttempt, now: number): Promise<void> {
    await this.db
      .insertInto("development_cashier_attempts")
      .values({
        merchant_order_no: attempt.request.merchantOrderNo,
        request_json: JSON.stringify(attempt.request),
        provider_trade_no: attempt.providerTradeNo,
        outcome: attempt.outcome,
        taken_fen: attempt.takenFen,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column("merchant_order_no").doNothing())
      .execute();
  }

  async find(merchantOrderNo: string): Promise<CashierAttempt | undefined> {
    const row = await this.db.selectFrom("development_cashier_attempts").selectAll().where("merchant_order_no", "=", merchantOrderNo).executeTakeFirst();
    if (!row) return undefined;
    return { request: JSON.parse(row.request_json) as PaymentRequest, providerTradeNo: row.provider_trade_no, outcome: row.outcome as PaymentOutcome, takenFen: Number(row.taken_fen) };
  }

  /** Decides a pending attempt; one decided already (by any process) keeps its first outcome. */
  async decidePending(merchantOrderNo: string, outcome: Exclude<PaymentOutcome, "pending">, takenFen: number | undefined): Promise<void> {
    await this.db
      .updateTable("development_cashier_attempts")
      .set({ outcome, ...(takenFen === undefined ? {} : { taken_fen: takenFen }) })
      .where("merchant_order_no", "=", merchantOrderNo)
      .where("outcome", "=", "pending")
      .execute();
  }

  async refunds(merchantOrderNo: string): Promise<CashierRefund[]> {
    const rows = await this.db.selectFrom("development_cashier_refunds").selectAll().where("merchant_order_no", "=", merchantOrderNo).orderBy("created_at").execute();
    return rows.map((row) => ({
      refundNo: row.refund_no,
      state: row.state as RefundResult["state"],
      providerRefundNo: row.provider_refund_no,
      refundFen: row.refund_fen === null ? null : Number(row.refund_fen),
    }));
  }

  /** Records the answer to a refund number; a second answer to the same number keeps the first. */
  async insertRefund(merchantOrderNo: string, refund: CashierRefund, now: number): Promise<void> {
    await this.db
      .insertInto("development_cashier_refunds")
      .values({ merchant_order_no: merchantOrderNo, refund_no: refund.refundNo, state: refund.state, provider_refund_no: refund.providerRefundNo, refund_fen: refund.refundFen, created_at: now })
      .onConflict((conflict) => conflict.columns(["merchant_order_no", "refund_no"]).doNothing())
      .execute();
  }
}
