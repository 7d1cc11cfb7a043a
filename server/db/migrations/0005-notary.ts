import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Notary office staff (spec §6 "notary office user: separate login"): accounts an operator creates,
 * kept apart from the users table because they are a different kind of subject with their own
 * sessions ("notary") and never sign in as a user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("notary_users"))
    .addColumn("office_name", "varchar(60)", (c) => c.notNull())
    .addColumn("account", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("password_hash", "varchar(300)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("last_login_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notary_users").execute();
}
