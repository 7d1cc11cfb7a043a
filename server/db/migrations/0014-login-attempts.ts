import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Login throttling counts attempts in windows per key (modules/account/login-throttle.ts): the
 * account, the account from one address, the account from one known device, the address. One row
 * per key, changed by a single upsert, so attempts sent at once each take their own turn. It
 * replaces the log of failures, which was read first and added to afterwards (a burst could pass
 * the check together); the old rows are only fifteen minutes of history and are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_attempt_counters")
    .addColumn("key", "varchar(400)", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_attempt_counters_window").on("login_attempt_counters").column("window_start").execute();
  await db.schema.dropTable("login_failures").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_attempt_counters").execute();
  await addIdColumn(db, db.schema.createTable("login_failures"))
    .addColumn("account_key", "varchar(254)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("failed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_failures_account").on("login_failures").columns(["account_key", "failed_at"]).execute();
  await db.schema.createIndex("login_failures_ip").on("login_failures").columns(["ip", "failed_at"]).execute();
}
