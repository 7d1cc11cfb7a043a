import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Selectable } from "kysely";
import {
  AUTOMATIC_REFUND_ATTEMPTS,
  PAYMENT_REFUND_MACHINE,
  PAYMENT_REFUND_REASON_LABELS,
  type PaymentRefundReason,
  type PaymentRefundState,
} from "../../../src/schema/payment-refund.js";
import type { Database, PaymentRefundsTable } from "../../db/database.js";
import { newRefundNo } from "./merchant-order-no.js";
import type { PaymentProvider, PaymentProviderKey, RefundResult } from "./payment-provider.js";

export type RefundRow = Selectable<PaymentRefundsTable>;

export type PaymentRefundsDependencies = {
  db: Kysely<Database>;
  now: () => number;
  providers: ReadonlyMap<PaymentProviderKey, PaymentProvider>;
  log: FastifyBaseLogger;
};

/** Rows looked at per housekeeping round and state. */
const TIDY_BATCH = 100;

/**
 * Returning money a provider took that no balance received (DESIGN.md §8). Nothing here touches the
 * money journal: the money never reached an account. One refund per payment attempt, always of the
 * whole amount the provider received, so the provider itself refuses a second refund even if a
 * retry under a new refund number races a late answer to the first.
 *
 * Asking the provider happens outside any transaction: a claim (a conditional move to refunding)
 * decides who asks, and the answer settles the row. An answer lost on the way leaves the refund
 * refunding; housekeeping queries it, and retries the failed ones.
 */
export class PaymentRefunds {
  constructor(private readonly deps: PaymentRefundsDependencies) {}

  /** Records the refund once per attempt (a duplicate notification finds it) and asks the provider. */
  async refundUncredited(order: { merchantOrderNo: string; provider: PaymentProviderKey }, receivedFen: number, reason: PaymentRefundReason): Promise<void> {
    const now = this.deps.now();
    const inserted = await this.deps.db
      .insertInto("payment_refunds")
      .values({
        refund_no: newRefundNo(new Date(now)),
        merchant_order_no: order.merchantOrderNo,
        provider: order.provider,
        amount_fen: receivedFen,
        reason,
        state: "requested",
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column("merchant_order_no").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      this.deps.log.warn({ merchantOrderNo: order.merchantOrderNo, provider: order.provider, reason, receivedFen }, "payment not credited: refunding it");
    }
    const refund = await this.byOrder(order.merchantOrderNo);
    if (refund?.state === "requested") await this.ask(refund, "requested");
  }

  /**
   * Claims a failed refund for another try under a new refund number, with `db` (the audit's
   * transaction when finance asks); the caller then sends it with `send`. Null when it is not failed.
   */
  async claimRetry(refundId: number, db: Kysely<Database> = this.deps.db): Promise<RefundRow | null> {
    const refund = await db.selectFrom("payment_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
    if (!refund || refund.state !== "refundFailed") return null;
    return this.claim(db, refund, "refundFailed");
  }

  /** Asks the provider for a claimed refund and records its answer; an unreachable provider leaves it refunding. */
  async send(refund: RefundRow): Promise<RefundRow> {
    const provider = this.deps.providers.get(refund.provider as PaymentProviderKey);
    if (!provider) return refund;
    let result: RefundResult;
    try {
      result = await provider.refund({
        merchantOrderNo: refund.merchant_order_no,
        refundNo: refund.refund_no,
        refundFen: Number(refund.amount_fen),
        totalFen: Number(refund.amount_fen),
        reason: PAYMENT_REFUND_REASON_LABELS[refund.reason as PaymentRefundReason],
      });
    } catch (error) {
      this.deps.log.warn({ err: error, refundNo: refund.refund_no }, "refund request failed; queried at the next housekeeping");
      return refund;
    }
    return this.settle(refund, result);
  }

  /**
   * Housekeeping: asks for refunds recorded but never sent, queries those under way, and retries
   * failed ones until AUTOMATIC_REFUND_ATTEMPTS. Returns how many rows it looked at.
   */
  async tidy(): Promise<number> {
    const pick = (state: PaymentRefundState) =>
      this.deps.db.selectFrom("payment_refunds").selectAll().where("state", "=", state).orderBy("updated_at").limit(TIDY_BATCH).execute();
    const [requested, refunding, failed] = [await pick("requested"), await pick("refunding"), await pick("refundFailed")];
    for (const refund of requested) await this.ask(refund, "requested");
    for (const refund of refunding) await this.query(refund);
    for (const refund of failed) if (refund.attempts < AUTOMATIC_REFUND_ATTEMPTS) await this.ask(refund, "refundFailed");
    return requested.length + refunding.length + failed.length;
  }

  byOrder(merchantOrderNo: string): Promise<RefundRow | undefined> {
    return this.deps.db.selectFrom("payment_refunds").selectAll().where("merchant_order_no", "=", merchantOrderNo).executeTakeFirst();
  }

  private async ask(refund: RefundRow, from: "requested" | "refundFailed"): Promise<void> {
    const claimed = await this.claim(this.deps.db, refund, from);
    if (claimed) await this.send(claimed);
  }

  private async query(refund: RefundRow): Promise<void> {
    const provider = this.deps.providers.get(refund.provider as PaymentProviderKey);
    if (!provider) return;
    try {
      await this.settle(refund, await provider.queryRefund(refund.merchant_order_no, refund.refund_no));
    } catch (error) {
      this.deps.log.warn({ err: error, refundNo: refund.refund_no }, "refund query failed; asked again at the next housekeeping");
    }
  }

  /** requested|refundFailed → refunding, counting the attempt; a retry takes a new refund number. */
  private async claim(db: Kysely<Database>, refund: RefundRow, from: "requested" | "refundFailed"): Promise<RefundRow | null> {
    PAYMENT_REFUND_MACHINE.next(from, "refunding");
    const now = this.deps.now();
    const refundNo = from === "refundFailed" ? newRefundNo(new Date(now)) : refund.refund_no;
    const result = await db
      .updateTable("payment_refunds")
      .set({ state: "refunding", refund_no: refundNo, attempts: refund.attempts + 1, updated_at: now })
      .where("id", "=", refund.id)
      .where("state", "=", from)
      .where("attempts", "=", refund.attempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return { ...refund, state: "refunding", refund_no: refundNo, attempts: refund.attempts + 1, updated_at: now };
  }

  /** refunding → the provider's answer; "still refunding" changes nothing but the provider's number. */
  private async settle(refund: RefundRow, result: RefundResult): Promise<RefundRow> {
    const now = this.deps.now();
    const providerRefundNo = result.providerRefundNo ?? refund.provider_refund_no;
    if (result.state === "refunding") {
      await this.deps.db.updateTable("payment_refunds").set({ provider_refund_no: providerRefundNo }).where("id", "=", refund.id).execute();
      return { ...refund, provider_refund_no: providerRefundNo };
    }
    PAYMENT_REFUND_MACHINE.next("refunding", result.state);
    const refundedAt = result.state === "refunded" ? now : null;
    const moved = await this.deps.db
      .updateTable("payment_refunds")
      .set({ state: result.state, provider_refund_no: providerRefundNo, updated_at: now, refunded_at: refundedAt })
      .where("id", "=", refund.id)
      .where("state", "=", "refunding")
      .where("refund_no", "=", refund.refund_no)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return refund;
    if (result.state === "refundFailed") this.deps.log.error({ refundNo: refund.refund_no, merchantOrderNo: refund.merchant_order_no }, "refund failed at the provider");
    return { ...refund, state: result.state, provider_refund_no: providerRefundNo, updated_at: now, refunded_at: refundedAt };
  }
}
