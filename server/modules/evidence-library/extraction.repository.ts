import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, EvidenceExtractionsTable } from "../../db/database.js";

export type ExtractionRow = Selectable<EvidenceExtractionsTable>;
export type ExtractionWithCount = ExtractionRow & { item_count: number };

type Db = Kysely<Database> | Transaction<Database>;

/** The only code that touches the extraction tables (DESIGN.md §8). */
export class ExtractionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async isNumberTaken(extractNo: string, db: Db = this.db): Promise<boolean> {
    return (await db.selectFrom("evidence_extractions").select("id").where("extract_no", "=", extractNo).executeTakeFirst()) !== undefined;
  }

  async insert(
    db: Db,
    row: { extract_no: string; code_hash: string; holder_user_id: number; remark: string; created_at: number; expires_at: number },
    evidenceIds: readonly number[],
  ): Promise<number> {
    const { id } = await db.insertInto("evidence_extractions").values(row).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("evidence_extraction_items")
      .values(evidenceIds.map((evidence_id, position) => ({ extraction_id: id, evidence_id, position })))
      .execute();
    return id;
  }

  private withCount(db: Db) {
    return db
      .selectFrom("evidence_extractions as e")
      .selectAll("e")
      .select((eb) =>
        eb.selectFrom("evidence_extraction_items as i").whereRef("i.extraction_id", "=", "e.id").select((inner) => inner.fn.countAll<number>().as("n")).as("item_count"),
      );
  }

  async findForHolder(holderUserId: number, id: number): Promise<ExtractionWithCount | undefined> {
    const row = await this.withCount(this.db).where("e.id", "=", id).where("e.holder_user_id", "=", holderUserId).executeTakeFirst();
    return row && { ...row, item_count: Number(row.item_count) };
  }

  async findByNumber(extractNo: string): Promise<ExtractionRow | undefined> {
    return this.db.selectFrom("evidence_extractions").selectAll().where("extract_no", "=", extractNo).executeTakeFirst();
  }

  async findById(id: number): Promise<ExtractionWithCount | undefined> {
    const row = await this.withCount(this.db).where("e.id", "=", id).executeTakeFirst();
    return row && { ...row, item_count: Number(row.item_count) };
  }

  async pageForHolder(holderUserId: number, offset: number, limit: number): Promise<{ rows: ExtractionWithCount[]; total: number }> {
    const { total } = await this.db
      .selectFrom("evidence_extractions")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("holder_user_id", "=", holderUserId)
      .executeTakeFirstOrThrow();
    const rows = await this.withCount(this.db)
      .where("e.holder_user_id", "=", holderUserId)
      .orderBy("e.created_at", "desc")
      .orderBy("e.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows: rows.map((row) => ({ ...row, item_count: Number(row.item_count) })), total: Number(total) };
  }

  async itemIds(extractionId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("evidence_extraction_items")
      .select("evidence_id")
      .where("extraction_id", "=", extractionId)
      .orderBy("position")
      .execute();
    return rows.map((row) => Number(row.evidence_id));
  }

  async hasItem(extractionId: number, evidenceId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("evidence_extraction_items")
      .select("evidence_id")
      .where("extraction_id", "=", extractionId)
      .where("evidence_id", "=", evidenceId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Revokes a live grant and ends its sessions; false when there was nothing live to revoke. */
  async revoke(holderUserId: number, id: number, now: number): Promise<boolean> {
    return this.transaction(async (trx) => {
      const result = await trx
        .updateTable("evidence_extractions")
        .set({ revoked_at: now })
        .where("id", "=", id)
        .where("holder_user_id", "=", holderUserId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom("evidence_extraction_sessions").where("extraction_id", "=", id).execute();
      return true;
    });
  }

  /**
   * Reserves one attempt before the code is compared: counts it and, from the `lockFrom`-th on,
   * locks the number until `lockUntil`, in one conditional statement. Guesses sent at once each
   * take their reservation in turn, so no more codes are compared than the lock allows however
   * many arrive together (reading the count first and adding failures afterwards let 12 through).
   * False when the number is locked or closed: nothing was reserved. A right code gives its
   * reservation back through recordLogin, which clears the count.
   */
  async reserveAttempt(id: number, limits: { now: number; lockFrom: number; lockUntil: number; closeAt: number }): Promise<boolean> {
    const reserved = await this.db
      .updateTable("evidence_extractions")
      .set((eb) => ({
        failed_attempts: eb("failed_attempts", "+", 1),
        locked_until: eb.case().when("failed_attempts", ">=", limits.lockFrom - 1).then(limits.lockUntil).else(eb.ref("locked_until")).end(),
      }))
      .where("id", "=", id)
      .where("failed_attempts", "<", limits.closeAt)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", limits.now)]))
      .returning("failed_attempts")
      .executeTakeFirst();
    return reserved !== undefined;
  }

  async recordLogin(id: number, session: { token_hash: string; created_at: number; expires_at: number }): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .updateTable("evidence_extractions")
        .set((eb) => ({ failed_attempts: 0, locked_until: null, last_login_at: session.created_at, login_count: eb("login_count", "+", 1) }))
        .where("id", "=", id)
        .execute();
      await trx.insertInto("evidence_extraction_sessions").values({ ...session, extraction_id: id }).execute();
    });
  }

  async findSession(tokenHash: string): Promise<{ extraction_id: number; expires_at: number } | undefined> {
    return this.db.selectFrom("evidence_extraction_sessions").select(["extraction_id", "expires_at"]).where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom("evidence_extraction_sessions").where("token_hash", "=", tokenHash).execute();
  }

  async deleteEndedSessions(now: number): Promise<void> {
    await this.db.deleteFrom("evidence_extraction_sessions").where("expires_at", "<", now).execute();
  }
}
