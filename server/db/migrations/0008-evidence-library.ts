import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The evidence library's extraction codes (issue 5 "evidenceExtract"), owned by
 * modules/evidence-library.
 *
 * - evidence_extractions: one code a holder handed out. Only a scrypt hash of the 6-digit code is
 *   kept; the 8-character number is public (it names the grant) and unique. Wrong codes are counted
 *   per number so guessing is locked out whichever address it comes from.
 * - evidence_extraction_items: the evidence the grant shows (ids of modules/evidence, checked
 *   and read only through that module's service).
 * - evidence_extraction_sessions: a third party's login with a number and code; only the SHA-256 of
 *   the cookie value is stored, and the session ends with the grant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("evidence_extractions"))
    .addColumn("extract_no", "varchar(8)", (c) => c.notNull().unique())
    .addColumn("code_hash", "varchar(300)", (c) => c.notNull())
    .addColumn("holder_user_id", "bigint", (c) => c.notNull())
    .addColumn("remark", "varchar(60)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "bigint")
    .addColumn("last_login_at", "bigint")
    .addColumn("login_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("evidence_extractions_holder").on("evidence_extractions").columns(["holder_user_id", "created_at"]).execute();

  await db.schema
    .createTable("evidence_extraction_items")
    .addColumn("extraction_id", "integer", (c) => c.notNull().references("evidence_extractions.id").onDelete("cascade"))
    .addColumn("evidence_id", "bigint", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("evidence_extraction_items_pk", ["extraction_id", "evidence_id"])
    .execute();

  await db.schema
    .createTable("evidence_extraction_sessions")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("extraction_id", "integer", (c) => c.notNull().references("evidence_extractions.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("evidence_extraction_sessions").execute();
  await db.schema.dropTable("evidence_extraction_items").execute();
  await db.schema.dropTable("evidence_extractions").execute();
}
