import type { Kysely, Selectable } from "kysely";
import type { Database, DevWxAuthorizationsTable } from "../../db/database.js";

export type DevAuthorizationRow = Selectable<DevWxAuthorizationsTable>;

/** The development provider's simulated scans: one row per QR code shown. */
export class DevAuthorizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: { state: string; redirectUrl: string; createdAt: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto("dev_wx_authorizations")
      .values({ state: row.state, redirect_url: row.redirectUrl, created_at: row.createdAt, expires_at: row.expiresAt })
      .execute();
  }

  async findByState(state: string): Promise<DevAuthorizationRow | undefined> {
    return this.db.selectFrom("dev_wx_authorizations").selectAll().where("state", "=", state).executeTakeFirst();
  }

  /** Records the confirmation once: false when the QR code is expired or was already confirmed. */
  async confirm(state: string, confirmation: { openId: string; nickname: string; code: string }, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("dev_wx_authorizations")
      .set({ open_id: confirmation.openId, nickname: confirmation.nickname, code: confirmation.code, confirmed_at: now })
      .where("state", "=", state)
      .where("confirmed_at", "is", null)
      .where("expires_at", ">=", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes a confirmed code once, while it is young enough; undefined otherwise. */
  async consumeCode(code: string, notBefore: number, now: number): Promise<DevAuthorizationRow | undefined> {
    return this.db
      .updateTable("dev_wx_authorizations")
      .set({ code_used_at: now })
      .where("code", "=", code)
      .where("code_used_at", "is", null)
      .where("confirmed_at", ">=", notBefore)
      .returningAll()
      .executeTakeFirst();
  }

  /** `before` leaves confirmed codes their own few minutes after the QR code itself expired. */
  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom("dev_wx_authorizations").where("expires_at", "<", before).execute();
  }
}
