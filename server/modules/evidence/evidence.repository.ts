import { type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, EvidenceRecordsTable } from "../../db/database.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import { newestFirstPage } from "../../db/newest-first-page.js";
import type { EvidenceListOptions } from "./evidence.types.js";

export type EvidenceRow = Selectable<EvidenceRecordsTable>;
export type NewEvidenceRow = Omit<EvidenceRecordsTable, "id" | "ledger_index" | "block_height" | "deleted_at" | "status">;
type Db = Kysely<Database> | Transaction<Database>;

/** Only this file queries evidence_records (DESIGN.md §8: a module owns its tables). */
export class EvidenceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertPending(trx: Db, row: NewEvidenceRow): Promise<number> {
    const inserted = await trx
      .insertInto("evidence_records")
      .values({ ...row, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async markStored(trx: Db, id: number, ledger: { index: number; blockHeight: number | null }, now: number): Promise<void> {
    await trx
      .updateTable("evidence_records")
      .set({ status: "stored", ledger_index: ledger.index, block_height: ledger.blockHeight, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  async markFailed(trx: Db, id: number, now: number): Promise<void> {
    await trx.updateTable("evidence_records").set({ status: "failed", updated_at: now }).where("id", "=", id).execute();
  }

  async findById(id: number): Promise<EvidenceRow | undefined> {
    return this.db.selectFrom("evidence_records").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findByIds(ids: readonly number[]): Promise<EvidenceRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom("evidence_records").selectAll().where("id", "in", [...ids]).execute();
  }

  async findByCertificateNo(certificateNo: string): Promise<EvidenceRow | undefined> {
    return this.db.selectFrom("evidence_records").selectAll().where("certificate_no", "=", certificateNo).executeTakeFirst();
  }

  async findStoredBySha256(sha256: string): Promise<EvidenceRow[]> {
    return this.db.selectFrom("evidence_records").selectAll().where("sha256", "=", sha256).where("status", "=", "stored").orderBy("id").limit(100).execute();
  }

  /** Records left pending: all, or those written before `before` (server/jobs/recovery-pass.ts). */
  async findPending(before: number | null): Promise<EvidenceRow[]> {
    const query = this.db.selectFrom("evidence_records").selectAll().where("status", "=", "pending");
    return (before === null ? query : query.where("updated_at", "<", before)).orderBy("id").execute();
  }

  async list(holderUserId: number, options: EvidenceListOptions): Promise<{ rows: EvidenceRow[]; total: number }> {
    let query = this.db.selectFrom("evidence_records").where("holder_user_id", "=", holderUserId).where("deleted_at", "is", null);
    if (options.kinds?.length) query = query.where("kind", "in", [...options.kinds]);
    if (options.parentId !== undefined) query = query.where("parent_id", "=", options.parentId);
    else if (!options.includeChildren) query = query.where("parent_id", "is", null);
    // The keyword finds a record by its name or by its certificate number (the notarisation picker searches both).
    if (options.keyName) {
      const keyword = options.keyName;
      query = query.where((eb) => eb.or([containsIgnoringCase("name", keyword), containsIgnoringCase("certificate_no", keyword)]));
    }
    if (options.from !== undefined) query = query.where("created_at", ">=", options.from);
    if (options.to !== undefined) query = query.where("created_at", "<=", options.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }

  /** A holder's stored records per kind: how many and how many bytes (hidden ones included: they stay on the ledger). */
  async statsOfHolder(holderUserId: number): Promise<{ kind: string; count: number; bytes: number }[]> {
    const rows = await this.db
      .selectFrom("evidence_records")
      .select(["kind", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>("size").as("bytes")])
      .where("holder_user_id", "=", holderUserId)
      .where("status", "=", "stored")
      .groupBy("kind")
      .orderBy("kind")
      .execute();
    return rows.map((row) => ({ kind: row.kind, count: Number(row.count), bytes: Number(row.bytes ?? 0) }));
  }

  /** Number of live children of each of these affairs. */
  async countChildren(parentIds: readonly number[]): Promise<Map<number, number>> {
    if (parentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("evidence_records")
      .select(["parent_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where("parent_id", "in", [...parentIds])
      .groupBy("parent_id")
      .execute();
    return new Map(rows.map((row) => [Number(row.parent_id), Number(row.count)]));
  }

  /** Hides a record (and an affair's children) from the holder; answers whether it was theirs. */
  async hide(holderUserId: number, id: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("evidence_records")
        .set({ deleted_at: now, updated_at: now })
        .where("id", "=", id)
        .where("holder_user_id", "=", holderUserId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.updateTable("evidence_records").set({ deleted_at: now, updated_at: now }).where("parent_id", "=", id).where("deleted_at", "is", null).execute();
      return true;
    });
  }

  /** Content name and details of a kind's records created since `since`, oldest first. */
  async contentOfKindSince(kind: string, since: number): Promise<{ blob_sha256: string | null; details: string }[]> {
    return this.db.selectFrom("evidence_records").select(["blob_sha256", "details"]).where("kind", "=", kind).where("created_at", ">=", since).orderBy("id").execute();
  }

  async attachOriginal(trx: Db, id: number, blobSha256: string, details: string, now: number): Promise<void> {
    await trx.updateTable("evidence_records").set({ blob_sha256: blobSha256, details, updated_at: now }).where("id", "=", id).execute();
  }
}
