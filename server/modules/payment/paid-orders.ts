import type { Kysely } from "kysely";
import type { RechargeChannel } from "../../../src/schema/recharge.js";
import type { Database } from "../../db/database.js";

/** A recharge order whose money the platform received. */
export type PaidOrder = { id: number; merchantOrderNo: string; amountFen: number; channel: RechargeChannel; paidAt: number };

/**
 * The paid recharge orders of a main account, for the invoice module (invoiceable money is money
 * received: DESIGN.md §8, src/schema/invoice.ts). Read-only: the payment module alone moves orders.
 * An order refunded later leaves "paid" and so stops being offered.
 */
export class PaidOrders {
  constructor(private readonly db: Kysely<Database>) {}

  /** Paid within [from, to] (epoch ms, either open), newest first. */
  async of(userId: number, range: { from?: number; to?: number } = {}): Promise<PaidOrder[]> {
    let query = this.db
      .selectFrom("payment_orders")
      .select(["id", "merchant_order_no", "amount_fen", "channel", "paid_at"])
      .where("user_id", "=", userId)
      .where("state", "=", "paid");
    if (range.from !== undefined) query = query.where("paid_at", ">=", range.from);
    if (range.to !== undefined) query = query.where("paid_at", "<=", range.to);
    return (await query.orderBy("paid_at", "desc").orderBy("id", "desc").execute()).map(toPaidOrder);
  }

  /** Those of `merchantOrderNos` that are paid orders of this account; read with `db` (a caller's transaction). */
  async find(userId: number, merchantOrderNos: readonly string[], db: Kysely<Database> = this.db): Promise<PaidOrder[]> {
    if (merchantOrderNos.length === 0) return [];
    const rows = await db
      .selectFrom("payment_orders")
      .select(["id", "merchant_order_no", "amount_fen", "channel", "paid_at"])
      .where("user_id", "=", userId)
      .where("state", "=", "paid")
      .where("merchant_order_no", "in", [...merchantOrderNos])
      .execute();
    return rows.map(toPaidOrder);
  }
}

function toPaidOrder(row: { id: number; merchant_order_no: string; amount_fen: number; channel: string; paid_at: number | null }): PaidOrder {
  return { id: row.id, merchantOrderNo: row.merchant_order_no, amountFen: Number(row.amount_fen), channel: row.channel as RechargeChannel, paidAt: Number(row.paid_at) };
}
