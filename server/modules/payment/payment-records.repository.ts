import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

/** Filters of the finance lists: a merchant order number, a state, a creation time range (ms, inclusive). */
export type PaymentRecordFilter = { merchantOrderNo?: string; state?: string; from?: number; to?: number };
type Page = { offset: number; limit: number };

const REFUND_COLUMNS = [
  "r.id",
  "r.refund_no",
  "r.merchant_order_no",
  "r.amount_fen",
  "r.reason",
  "r.state",
  "r.attempts",
  "r.created_at",
  "r.updated_at",
  "r.refunded_at",
  "o.user_id",
  "o.channel",
] as const;

/** Reads of payment attempts and refunds for the console's finance pages, newest first. */
export class PaymentRecordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async orders(filter: PaymentRecordFilter, page: Page) {
    let query = this.db.selectFrom("payment_orders");
    if (filter.merchantOrderNo) query = query.where("merchant_order_no", "=", filter.merchantOrderNo);
    if (filter.state) query = query.where("state", "=", filter.state);
    if (filter.from !== undefined) query = query.where("created_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("created_at", "<=", filter.to);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async refunds(filter: PaymentRecordFilter, page: Page) {
    let query = this.db.selectFrom("payment_refunds as r").innerJoin("payment_orders as o", "o.merchant_order_no", "r.merchant_order_no");
    if (filter.merchantOrderNo) query = query.where("r.merchant_order_no", "=", filter.merchantOrderNo);
    if (filter.state) query = query.where("r.state", "=", filter.state);
    if (filter.from !== undefined) query = query.where("r.created_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("r.created_at", "<=", filter.to);
    const [rows, count] = await Promise.all([
      query.select(REFUND_COLUMNS).orderBy("r.created_at", "desc").orderBy("r.id", "desc").offset(page.offset).limit(page.limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  refund(id: number, db: Kysely<Database> = this.db) {
    return db
      .selectFrom("payment_refunds as r")
      .innerJoin("payment_orders as o", "o.merchant_order_no", "r.merchant_order_no")
      .select(REFUND_COLUMNS)
      .where("r.id", "=", id)
      .executeTakeFirst();
  }
}

export type RefundListRow = Awaited<ReturnType<PaymentRecordsRepository["refunds"]>>["rows"][number];
export type OrderListRow = Awaited<ReturnType<PaymentRecordsRepository["orders"]>>["rows"][number];
