import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The help centre (issue 19): its menu tree and the articles of its article leaves, both edited
 * in the console as publishable content (state, sort_order, created_at, updated_at as in 0018).
 * A menu's parent_id is null directly under the root; a group has no code. Law-case columns are
 * filled for articles of an HLLAWCASE leaf only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("help_menus"))
    .addColumn("parent_id", "integer")
    .addColumn("name", "varchar(40)", (c) => c.notNull())
    .addColumn("code", "varchar(20)")
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("help_menus_parent_order").on("help_menus").columns(["parent_id", "state", "sort_order"]).execute();

  await addIdColumn(db, db.schema.createTable("help_articles"))
    .addColumn("menu_id", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("type_name", "varchar(300)", (c) => c.notNull())
    .addColumn("brief", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("published_at", "bigint", (c) => c.notNull())
    .addColumn("court_name", "varchar(100)")
    .addColumn("case_no", "varchar(100)")
    .addColumn("judged_on", "varchar(10)")
    .addColumn("evidence_channel", "varchar(20)")
    .addColumn("case_type", "varchar(20)")
    .addColumn("area", "varchar(12)")
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("help_articles_menu_order").on("help_articles").columns(["menu_id", "state", "sort_order"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("help_articles").execute();
  await db.schema.dropTable("help_menus").execute();
}
