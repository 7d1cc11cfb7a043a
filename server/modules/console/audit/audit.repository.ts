import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, OperatorAuditTable } from "../../../db/database.js";

export type AuditRow = Selectable<OperatorAuditTable>;
export type NewAuditRow = Insertable<OperatorAuditTable>;
export type AuditFilter = { operatorAccount?: string; action?: string; targetType?: string; targetId?: string; from?: number; to?: number };

/**
 * The only code that touches operator_audit (DESIGN.md §8). Append-only: a row is inserted with
 * the change it records and afterwards only receives where its ledger entry is.
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Transaction<Database>, row: NewAuditRow): Promise<AuditRow> {
    return trx.insertInto("operator_audit").values(row).returningAll().executeTakeFirstOrThrow();
  }

  async findById(id: number): Promise<AuditRow | undefined> {
    return this.db.selectFrom("operator_audit").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A page of records, newest first. */
  async list(filter: AuditFilter, page: { offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(filter).selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
      this.filtered(filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom("operator_audit");
    if (filter.operatorAccount) query = query.where("operator_account", "=", filter.operatorAccount);
    if (filter.action) query = query.where("action", "=", filter.action);
    if (filter.targetType) query = query.where("target_type", "=", filter.targetType);
    if (filter.targetId) query = query.where("target_id", "=", filter.targetId);
    if (filter.from !== undefined) query = query.where("created_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("created_at", "<=", filter.to);
    return query;
  }

  /** The newest ledgered record of one of `actions` on a target at or before `time`. */
  async findNewestLogged(target: { type: string; id: string }, actions: readonly string[], time: number): Promise<AuditRow | undefined> {
    return this.db
      .selectFrom("operator_audit")
      .selectAll()
      .where("target_type", "=", target.type)
      .where("target_id", "=", target.id)
      .where("action", "in", [...actions])
      .where("created_at", "<=", time)
      .where("ledger_index", "is not", null)
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  async recordLedger(id: number, ledger: { index: number; blockHeight: number | null }): Promise<void> {
    await this.db.updateTable("operator_audit").set({ ledger_index: ledger.index, ledger_block: ledger.blockHeight }).where("id", "=", id).execute();
  }

  /** Rows whose entry may or may not be in the ledger (an append was tried), oldest first. */
  /** Rows whose append was tried but not recorded: all, or those written before `before` (server/jobs/recovery-pass.ts). */
  async findTriedUnlogged(before: number | null): Promise<AuditRow[]> {
    const query = this.db.selectFrom("operator_audit").selectAll().where("ledger_index", "is", null).where("ledger_size_hint", "is not", null);
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  /** Rows no process has tried to append yet (the command line's), oldest first. */
  async findUntried(limit: number): Promise<AuditRow[]> {
    return this.db.selectFrom("operator_audit").selectAll().where("ledger_size_hint", "is", null).orderBy("id").limit(limit).execute();
  }

  /**
   * Claims an untried row for one append by writing the ledger's size into it; false when another
   * process claimed it first. After the claim the row's entry can only be at or after that size.
   */
  async claim(id: number, ledgerSize: number): Promise<boolean> {
    const result = await this.db
      .updateTable("operator_audit")
      .set({ ledger_size_hint: ledgerSize })
      .where("id", "=", id)
      .where("ledger_size_hint", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
