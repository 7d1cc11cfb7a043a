import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The legal AI assistant (issue 19): conversations per user (uid is the public id), their
 * messages with the citations each answer carries (JSON), and one row per question asked, kept
 * when a conversation is deleted, for the hourly limit. A share link is stored as its SHA-256
 * only; null when not shared (revoking or deleting clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("legal_conversations"))
    .addColumn("uid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("share_hash", "varchar(64)", (c) => c.unique())
    .addColumn("shared_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("legal_conversations_user").on("legal_conversations").columns(["user_id", "updated_at"]).execute();

  await addIdColumn(db, db.schema.createTable("legal_messages"))
    .addColumn("conversation_id", "integer", (c) => c.notNull())
    .addColumn("role", "varchar(10)", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("mode", "varchar(12)")
    .addColumn("citations_json", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("legal_messages_conversation").on("legal_messages").columns(["conversation_id", "id"]).execute();

  await addIdColumn(db, db.schema.createTable("legal_questions"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("asked_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("legal_questions_user").on("legal_questions").columns(["user_id", "asked_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["legal_questions", "legal_messages", "legal_conversations"]) await db.schema.dropTable(table).execute();
}
