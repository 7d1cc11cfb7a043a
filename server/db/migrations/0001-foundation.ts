import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/** Installation facts, sessions, and the public content of the common calls (spec §7). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("subject_id", "varchar(64)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("revoke_reason", "varchar(32)")
    .execute();
  await db.schema.createIndex("sessions_subject").on("sessions").columns(["subject_id", "kind"]).execute();

  await addIdColumn(db, db.schema.createTable("dapps"))
    .addColumn("dapp_name", "varchar(100)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("menu_logo", "varchar(500)", (c) => c.notNull())
    .addColumn("dapp_home_url", "varchar(500)", (c) => c.notNull())
    .addColumn("category", "integer", (c) => c.notNull())
    .addColumn("display", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("banners"))
    .addColumn("template_id", "integer", (c) => c.notNull())
    .addColumn("image_path", "varchar(500)", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("sub_images_json", "text", (c) => c.notNull())
    .addColumn("buttons_json", "text", (c) => c.notNull())
    .addColumn("sub_titles_json", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("is_published", "integer", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("cms_articles"))
    .addColumn("channel_id", "integer", (c) => c.notNull())
    .addColumn("channel_code", "varchar(50)", (c) => c.notNull())
    .addColumn("channel_name", "varchar(100)", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("type_name", "varchar(300)", (c) => c.notNull())
    .addColumn("brief", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("published_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cms_articles_channel_published")
    .on("cms_articles")
    .columns(["channel_code", "published_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["cms_articles", "banners", "dapps", "sessions", "app_meta"]) {
    await db.schema.dropTable(table).execute();
  }
}
