import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { Database, DigitalReportsTable } from "../../db/database.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type DigitalReportRow = Selectable<DigitalReportsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The digital report module's table (migration 0031); rows in, rows out. */
export class DigitalReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Db, row: Insertable<DigitalReportsTable>): Promise<number> {
    const inserted = await trx.insertInto("digital_reports").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async markStored(trx: Db, id: number, evidenceId: number): Promise<void> {
    await trx.updateTable("digital_reports").set({ state: "stored", evidence_id: evidenceId }).where("id", "=", id).execute();
  }

  findByCertificateNo(certificateNo: string): Promise<DigitalReportRow | undefined> {
    return this.db.selectFrom("digital_reports").selectAll().where("certificate_no", "=", certificateNo).executeTakeFirst();
  }

  find(id: number): Promise<DigitalReportRow | undefined> {
    return this.db.selectFrom("digital_reports").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Reports left pending: all, or those written before `before` (server/jobs/recovery-pass.ts). */
  pending(before: number | null): Promise<DigitalReportRow[]> {
    const query = this.db.selectFrom("digital_reports").selectAll().where("state", "=", "pending");
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  /** Reports of the user issued (or being stored) since `since`: what the daily limit counts. */
  async countSince(userId: number, since: number, db: Db = this.db): Promise<number> {
    const row = await db.selectFrom("digital_reports").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).where("created_at", ">=", since).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  list(userId: number, options: { keyName?: string; from?: number; to?: number; pageNumber: number; pageSize: number }): Promise<{ rows: DigitalReportRow[]; total: number }> {
    let query = this.db.selectFrom("digital_reports").where("user_id", "=", userId).where("state", "=", "stored");
    if (options.keyName) query = query.where(containsIgnoringCase("name", options.keyName));
    if (options.from !== undefined) query = query.where("created_at", ">=", options.from);
    if (options.to !== undefined) query = query.where("created_at", "<=", options.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }
}
