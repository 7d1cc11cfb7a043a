import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The lawyer service (issue 17, modules/lawyer). `lawyer_profiles`: the accounts an operator marked
 * as lawyers, with the profile the operator entered (a mark taken away keeps the row, inactive, so
 * the threads it answered still name it). `consultations`: one thread between a user and a lawyer,
 * with each side's read mark (the newest message id it has seen) and when each side was last
 * notified. `consultation_evidence`: the linked evidence as it was when the thread began.
 * `consultation_messages` and `consultation_attachments`: the thread's messages and their files
 * (bytes in the blob store, named by SHA-256). A client's request key makes a retried creation or
 * message answer the first one instead of writing it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lawyer_profiles")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("display_name", "varchar(40)", (c) => c.notNull())
    .addColumn("law_firm", "varchar(120)", (c) => c.notNull())
    .addColumn("practice_areas", "text", (c) => c.notNull())
    .addColumn("licence_no", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("introduction", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull())
    .addColumn("marked_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("consultations"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("lawyer_id", "integer", (c) => c.notNull().references("lawyer_profiles.user_id"))
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("request_key", "varchar(64)")
    .addColumn("summary", "text")
    .addColumn("closed_at", "bigint")
    .addColumn("user_read_id", "integer", (c) => c.notNull())
    .addColumn("lawyer_read_id", "integer", (c) => c.notNull())
    .addColumn("user_notified_at", "bigint")
    .addColumn("lawyer_notified_at", "bigint")
    .addColumn("last_message_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("consultations_request_key", ["user_id", "request_key"])
    .execute();
  await db.schema.createIndex("consultations_user").on("consultations").columns(["user_id", "last_message_at"]).execute();
  await db.schema.createIndex("consultations_lawyer").on("consultations").columns(["lawyer_id", "last_message_at"]).execute();

  await db.schema
    .createTable("consultation_evidence")
    .addColumn("consultation_id", "integer", (c) => c.notNull().references("consultations.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("evidence_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("name", "varchar(300)", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(64)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("stored_at", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addPrimaryKeyConstraint("consultation_evidence_pk", ["consultation_id", "position"])
    .execute();

  await addIdColumn(db, db.schema.createTable("consultation_messages"))
    .addColumn("consultation_id", "integer", (c) => c.notNull().references("consultations.id"))
    .addColumn("side", "varchar(8)", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("request_key", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("consultation_messages_request_key", ["consultation_id", "side", "request_key"])
    .execute();
  await db.schema.createIndex("consultation_messages_thread").on("consultation_messages").columns(["consultation_id", "id"]).execute();

  await addIdColumn(db, db.schema.createTable("consultation_attachments"))
    .addColumn("consultation_id", "integer", (c) => c.notNull().references("consultations.id"))
    .addColumn("message_id", "integer", (c) => c.notNull().references("consultation_messages.id"))
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("content_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("consultation_attachments_message").on("consultation_attachments").columns(["message_id"]).execute();
}
