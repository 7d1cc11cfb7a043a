import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { MoneyRecordKind } from "../../../src/schema/money-records.js";
import { customerAccount } from "./ledger-accounts.js";

/** Which journal transactions a record list reads: one main account's, of some kinds, perhaps one sub-account's, perhaps a time window. */
export type MoneyRecordScope = {
  mainId: number;
  kinds: readonly MoneyRecordKind[];
  /** Only what this sub-account did (spec §6); null: the whole main account. */
  subAccountId: number | null;
  /** Epoch ms, inclusive. */
  from?: number;
  to?: number;
};

/** A transaction with what it did to the customer's money (available and reserved together), in fen. */
export type MoneyRecordRow = { id: number; kind: MoneyRecordKind; memo: string; subAccountId: number | null; createdAt: number; deltaFen: number };

/**
 * Reads the journal's transactions of a customer as records. The amount is the sum of the
 * customer's own postings, so a charge (reserved → revenue) and a recharge (cash-in → available)
 * both count what actually left or reached the customer.
 */
export class MoneyRecordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(scope: MoneyRecordScope, page: { offset: number; limit: number }): Promise<MoneyRecordRow[]> {
    const rows = await this.scoped(scope)
      .select(["t.id", "t.kind", "t.memo", "t.sub_account_id", "t.created_at", sql<string>`SUM(p.amount_fen)`.as("delta")])
      .groupBy(["t.id", "t.kind", "t.memo", "t.sub_account_id", "t.created_at"])
      .orderBy("t.created_at", "desc")
      .orderBy("t.id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as MoneyRecordKind,
      memo: row.memo,
      subAccountId: row.sub_account_id,
      createdAt: Number(row.created_at),
      deltaFen: Number(row.delta),
    }));
  }

  /** How many transactions the scope holds and their summed effect on the customer's money. */
  async totals(scope: MoneyRecordScope): Promise<{ count: number; deltaFen: number }> {
    const row = await this.scoped(scope)
      .select([sql<string>`COUNT(DISTINCT t.id)`.as("count"), sql<string | null>`SUM(p.amount_fen)`.as("delta")])
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), deltaFen: Number(row?.delta ?? 0) };
  }

  private scoped(scope: MoneyRecordScope) {
    const accounts = [customerAccount(scope.mainId, "available"), customerAccount(scope.mainId, "reserved")];
    let query = this.db
      .selectFrom("money_transactions as t")
      .innerJoin("money_postings as p", "p.transaction_id", "t.id")
      .where("t.user_id", "=", scope.mainId)
      .where("t.kind", "in", [...scope.kinds])
      .where("p.account", "in", accounts);
    if (scope.subAccountId !== null) query = query.where("t.sub_account_id", "=", scope.subAccountId);
    if (scope.from !== undefined) query = query.where("t.created_at", ">=", scope.from);
    if (scope.to !== undefined) query = query.where("t.created_at", "<=", scope.to);
    return query;
  }
}
