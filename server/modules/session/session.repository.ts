import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../../db/database.js";
import { inTransaction } from "../../db/dialect.js";

export type SessionRow = SessionsTable;

/** Token hashes per statement: well under SQLite's and PostgreSQL's limits on bound parameters. */
const HASHES_PER_STATEMENT = 500;

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The same queries inside a transaction of the caller's. */
  in(trx: Kysely<Database>): SessionRepository {
    return new SessionRepository(trx);
  }

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto("sessions").values(row).execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  /**
   * Writes sessions' last-seen times (token hash → time) in one transaction. A time never moves
   * back (another process may have written a later one) and an ended session is left as it is.
   * Rows are taken in token-hash order, so two processes writing at once cannot deadlock.
   */
  async recordLastSeen(lastSeen: ReadonlyMap<string, number>): Promise<void> {
    const ordered = [...lastSeen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await inTransaction(this.db, async (trx) => {
      for (const [tokenHash, at] of ordered) {
        await trx
          .updateTable("sessions")
          .set({ last_seen_at: at })
          .where("token_hash", "=", tokenHash)
          .where("revoked_at", "is", null)
          .where("last_seen_at", "<", at)
          .execute();
      }
    });
  }

  async revoke(tokenHash: string, at: number, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: at, revoke_reason: reason })
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeAllOfSubject(subjectId: string, kind: SessionRow["kind"], at: number, reason: string): Promise<number> {
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: at, revoke_reason: reason })
      .where("subject_id", "=", subjectId)
      .where("kind", "=", kind)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A subject's sessions neither ended nor idle since `lastSeenSince`, newest first. */
  async listUnrevokedOfSubject(subjectId: string, kind: SessionRow["kind"], lastSeenSince: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("subject_id", "=", subjectId)
      .where("kind", "=", kind)
      .where("revoked_at", "is", null)
      .where("last_seen_at", ">=", lastSeenSince)
      .orderBy("created_at", "desc")
      .execute();
  }

  /** When the oldest session of a kind that is neither ended nor idle since `lastSeenSince` began. */
  async oldestLiveStart(kind: SessionRow["kind"], lastSeenSince: number): Promise<number | null> {
    const row = await this.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.min("created_at").as("oldest"))
      .where("kind", "=", kind)
      .where("revoked_at", "is", null)
      .where("last_seen_at", ">=", lastSeenSince)
      .executeTakeFirst();
    return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
  }

  /** Sessions of a kind neither ended nor idle since `lastSeenSince` (nor begun before `createdSince`). */
  async countLive(kind: SessionRow["kind"], lastSeenSince: number, createdSince: number | null): Promise<number> {
    let query = this.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll().as("live"))
      .where("kind", "=", kind)
      .where("revoked_at", "is", null)
      .where("last_seen_at", ">=", lastSeenSince);
    if (createdSince !== null) query = query.where("created_at", ">=", createdSince);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.live);
  }

  async revokeByTokenHashes(tokenHashes: readonly string[], at: number, reason: string): Promise<number> {
    let revoked = 0;
    for (let start = 0; start < tokenHashes.length; start += HASHES_PER_STATEMENT) {
      const result = await this.db
        .updateTable("sessions")
        .set({ revoked_at: at, revoke_reason: reason })
        .where("token_hash", "in", tokenHashes.slice(start, start + HASHES_PER_STATEMENT))
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      revoked += Number(result.numUpdatedRows);
    }
    return revoked;
  }

  /** Removes sessions that can no longer be used, so the table does not grow without bound. */
  async deleteEndedBefore(kind: SessionRow["kind"], lastSeenBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("kind", "=", kind)
      .where((eb) => eb.or([eb("last_seen_at", "<", lastSeenBefore), eb("revoked_at", "<", lastSeenBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
