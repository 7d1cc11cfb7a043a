import { sql, type Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * What the console's customer lookup needs (issue 13):
 * - login_history (modules/account): every session a login started and every refused password of
 *   an existing account, kept 180 days;
 * - sessions.address (modules/session): where a session was started from, so an operator can tell
 *   a customer's sessions apart; older sessions have none;
 * - users.disabled_by (modules/account): who holds a disabled account disabled, the main account
 *   and/or the platform, so each lifts only its own hold. Until now only main accounts disabled
 *   (their sub-accounts), so every disabled account is theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("login_history"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("method", "varchar(16)", (c) => c.notNull())
    .addColumn("outcome", "varchar(16)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("user_agent", "varchar(200)")
    .execute();
  await db.schema.createIndex("login_history_user").on("login_history").columns(["user_id", "at"]).execute();
  await db.schema.createIndex("login_history_at").on("login_history").column("at").execute();

  await db.schema.alterTable("sessions").addColumn("address", "varchar(64)").execute();

  await db.schema.alterTable("users").addColumn("disabled_by", "varchar(32)").execute();
  await sql`update users set disabled_by = 'mainAccount' where status = 'disabled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("disabled_by").execute();
  await db.schema.alterTable("sessions").dropColumn("address").execute();
  await db.schema.dropTable("login_history").execute();
}
