import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Accounts and everything a login needs: users, image captchas, sent verification codes, the
 * development outbox, single-use nonces of encrypted fields and signed login requests, recorded
 * login failures (throttling) and pending login challenges (second step, password update).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("users"))
    .addColumn("login_account", "varchar(100)", (c) => c.unique())
    .addColumn("mobile", "varchar(20)", (c) => c.unique())
    .addColumn("mail", "varchar(254)", (c) => c.unique())
    .addColumn("password_hash", "varchar(300)")
    .addColumn("password_changed_at", "bigint")
    .addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("account_type", "integer", (c) => c.notNull())
    .addColumn("parent_id", "integer")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("two_step_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("oauth_user_id", "varchar(100)", (c) => c.unique())
    .addColumn("real_name", "varchar(40)")
    .addColumn("real_name_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enterprise_name", "varchar(120)")
    .addColumn("enterprise_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("head_portrait_path", "varchar(300)")
    .addColumn("industry_id", "integer")
    .addColumn("region_district_id", "varchar(6)")
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("cancelled_at", "bigint")
    .execute();
  await db.schema.createIndex("users_parent").on("users").column("parent_id").execute();

  await db.schema
    .createTable("captchas")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("answer_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("consumed_at", "bigint")
    .execute();

  await addIdColumn(db, db.schema.createTable("verification_codes"))
    .addColumn("purpose", "integer", (c) => c.notNull())
    .addColumn("target", "varchar(254)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consumed_at", "bigint")
    .execute();
  await db.schema.createIndex("verification_codes_target").on("verification_codes").columns(["target", "purpose", "created_at"]).execute();
  await db.schema.createIndex("verification_codes_ip").on("verification_codes").columns(["ip", "created_at"]).execute();

  await addIdColumn(db, db.schema.createTable("outbox_messages"))
    .addColumn("channel", "varchar(10)", (c) => c.notNull())
    .addColumn("recipient", "varchar(254)", (c) => c.notNull())
    .addColumn("subject", "varchar(200)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("used_nonces")
    .addColumn("nonce", "varchar(100)", (c) => c.primaryKey())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("login_failures"))
    .addColumn("account_key", "varchar(254)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("failed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_failures_account").on("login_failures").columns(["account_key", "failed_at"]).execute();
  await db.schema.createIndex("login_failures_ip").on("login_failures").columns(["ip", "failed_at"]).execute();

  await db.schema
    .createTable("login_challenges")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("consumed_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["login_challenges", "login_failures", "used_nonces", "outbox_messages", "verification_codes", "captchas", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
