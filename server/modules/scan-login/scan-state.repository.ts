import type { Kysely, Selectable } from "kysely";
import type { Database, ScanLoginStatesTable, ScanPendingIdentitiesTable } from "../../db/database.js";

export type ScanStateRow = Selectable<ScanLoginStatesTable>;
export type PendingIdentityRow = Selectable<ScanPendingIdentitiesTable>;

/** The login states behind QR codes and the scanned identities waiting for an account. */
export class ScanStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertState(row: Omit<ScanStateRow, "consumed_at">): Promise<void> {
    await this.db.insertInto("scan_login_states").values({ ...row, consumed_at: null }).execute();
  }

  /** Takes a live state once; undefined when it is unknown, expired or was taken before. */
  async consumeState(state: string, now: number): Promise<ScanStateRow | undefined> {
    return this.db
      .updateTable("scan_login_states")
      .set({ consumed_at: now })
      .where("state", "=", state)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", now)
      .returningAll()
      .executeTakeFirst();
  }

  async insertPendingIdentity(row: Omit<PendingIdentityRow, "consumed_at">): Promise<void> {
    await this.db.insertInto("scan_pending_identities").values({ ...row, consumed_at: null }).execute();
  }

  async findLivePendingIdentity(id: string, now: number): Promise<PendingIdentityRow | undefined> {
    return this.db
      .selectFrom("scan_pending_identities")
      .selectAll()
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", now)
      .executeTakeFirst();
  }

  /** Marks a pending identity bound; false when another request bound it first. */
  async consumePendingIdentity(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("scan_pending_identities")
      .set({ consumed_at: now })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom("scan_login_states").where("expires_at", "<", now).execute();
    await this.db.deleteFrom("scan_pending_identities").where("expires_at", "<", now).execute();
  }
}
