import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { Database, SealCertificatesTable, SealConfigsTable, SealingsTable } from "../../db/database.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type SealConfigRow = Selectable<SealConfigsTable>;
export type SealCertificateRow = Selectable<SealCertificatesTable>;
export type SealingRow = Selectable<SealingsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The seal module's tables (migration 0028); rows in, rows out. */
export class SealRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findConfig(userId: number, db: Db = this.db): Promise<SealConfigRow | undefined> {
    return db.selectFrom("seal_configs").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  async upsertConfig(trx: Db, row: Insertable<SealConfigsTable>): Promise<void> {
    const { user_id: _id, created_at: _created, ...changes } = row;
    await trx.insertInto("seal_configs").values(row).onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes)).execute();
  }

  async updateConfig(trx: Db, userId: number, changes: Updateable<SealConfigsTable>): Promise<void> {
    await trx.updateTable("seal_configs").set(changes).where("user_id", "=", userId).execute();
  }

  findCertificate(id: number, db: Db = this.db): Promise<SealCertificateRow | undefined> {
    return db.selectFrom("seal_certificates").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async insertCertificate(trx: Db, row: Insertable<SealCertificatesTable>): Promise<number> {
    const inserted = await trx.insertInto("seal_certificates").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async insertSealing(trx: Db, row: Insertable<SealingsTable>): Promise<number> {
    const inserted = await trx.insertInto("sealings").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async markSealed(trx: Db, id: number, evidenceId: number): Promise<void> {
    await trx.updateTable("sealings").set({ state: "sealed", evidence_id: evidenceId }).where("id", "=", id).execute();
  }

  findSealing(id: number): Promise<SealingRow | undefined> {
    return this.db.selectFrom("sealings").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Sealings left pending: all, or those written before `before` (server/jobs/recovery-pass.ts). */
  pendingSealings(before: number | null): Promise<SealingRow[]> {
    const query = this.db.selectFrom("sealings").selectAll().where("state", "=", "pending");
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  list(userId: number, options: { keyName?: string; from?: number; to?: number; pageNumber: number; pageSize: number }): Promise<{ rows: SealingRow[]; total: number }> {
    let query = this.db.selectFrom("sealings").where("user_id", "=", userId).where("state", "=", "sealed");
    if (options.keyName) query = query.where(containsIgnoringCase("document_name", options.keyName));
    if (options.from !== undefined) query = query.where("created_at", ">=", options.from);
    if (options.to !== undefined) query = query.where("created_at", "<=", options.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }
}
