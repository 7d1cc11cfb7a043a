import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/database.js";

export type AdjustmentRow = { id: number; userId: number; operatorId: number | null; reason: string; fen: number; createdAt: number };

type Executor = Kysely<Database> | Transaction<Database>;

/** What the customer's available balance gained in the transaction `t` (negative: a debit). */
const AVAILABLE_MOVE = sql<string | number>`(SELECT SUM(p.amount_fen) FROM money_postings p WHERE p.transaction_id = t.id AND p.account LIKE 'customer:%:available')`;

/** Operators' adjustments as the journal holds them (kind "adjustment"), for finance's list: newest first. */
export class AdjustmentRecords {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: { userIds?: number[] }, page: { limit: number; offset: number }): Promise<{ rows: AdjustmentRow[]; total: number }> {
    const { userIds } = filter;
    if (userIds && userIds.length === 0) return { rows: [], total: 0 };
    let query = this.db.selectFrom("money_transactions as t").where("t.kind", "=", "adjustment").where("t.user_id", "is not", null);
    if (userIds) query = query.where("t.user_id", "in", userIds);
    const [rows, count] = await Promise.all([
      query.select(["t.id", "t.user_id", "t.operator_id", "t.memo", "t.created_at", AVAILABLE_MOVE.as("fen")]).orderBy("t.id", "desc").limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toAdjustment), total: Number(count.total) };
  }

  async find(transactionId: number, executor: Executor = this.db): Promise<AdjustmentRow | undefined> {
    const row = await executor
      .selectFrom("money_transactions as t")
      .select(["t.id", "t.user_id", "t.operator_id", "t.memo", "t.created_at", AVAILABLE_MOVE.as("fen")])
      .where("t.kind", "=", "adjustment")
      .where("t.id", "=", transactionId)
      .executeTakeFirst();
    return row && toAdjustment(row);
  }
}

function toAdjustment(row: { id: number; user_id: number | null; operator_id: number | null; memo: string; created_at: number; fen: string | number }): AdjustmentRow {
  return { id: row.id, userId: Number(row.user_id), operatorId: row.operator_id, reason: row.memo, fen: Number(row.fen), createdAt: Number(row.created_at) };
}
