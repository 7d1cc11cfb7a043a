import type { Kysely } from "kysely";

/**
 * Scan-code login (spec §2 mode 2): the single-use login states behind each QR code, the scanned
 * identities waiting to be bound to an account (code 5025), and the development provider's
 * simulated scans. The binding itself is users.oauth_user_id (0002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scan_login_states")
    .addColumn("state", "varchar(64)", (c) => c.primaryKey())
    .addColumn("purpose", "varchar(10)", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("consumed_at", "bigint")
    .execute();

  await db.schema
    .createTable("scan_pending_identities")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("identity_key", "varchar(160)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("consumed_at", "bigint")
    .execute();

  await db.schema
    .createTable("dev_wx_authorizations")
    .addColumn("state", "varchar(64)", (c) => c.primaryKey())
    .addColumn("redirect_url", "varchar(2048)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("open_id", "varchar(64)")
    .addColumn("nickname", "varchar(64)")
    .addColumn("code", "varchar(64)", (c) => c.unique())
    .addColumn("confirmed_at", "bigint")
    .addColumn("code_used_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["dev_wx_authorizations", "scan_pending_identities", "scan_login_states"]) {
    await db.schema.dropTable(table).execute();
  }
}
