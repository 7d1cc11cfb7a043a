import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../../db/database.js";

export type SessionRow = SessionsTable;

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto("sessions").values(row).execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  async touch(tokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ last_seen_at: at })
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .execute();
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
