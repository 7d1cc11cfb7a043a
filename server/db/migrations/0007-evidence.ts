import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Evidence records (issue 5), owned by modules/evidence. One row per piece of evidence, affair
 * children included (parent_id). A row is written `pending` before its entry is appended to the
 * ledger and completed to `stored` with the ledger index and block afterwards; a pending row left
 * by a crash is settled at the next start (evidence.recovery.ts). `entry_json` is the exact logged
 * text; `meta_salt` and `details` are the private facts its `meta` commits to. Deleting hides a
 * row from its holder (`deleted_at`); the ledger entry stays forever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("evidence_records"))
    .addColumn("certificate_no", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("holder_user_id", "integer", (c) => c.notNull())
    .addColumn("holder_name", "varchar(200)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(400)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addColumn("block_height", "integer")
    .addColumn("leaf_hash", "varchar(64)")
    /** Ledger size before the append: recovery looks for the entry from here on. */
    .addColumn("ledger_size_hint", "bigint", (c) => c.notNull())
    .addColumn("parent_id", "integer")
    .addColumn("blob_sha256", "varchar(64)")
    .addColumn("entry_json", "text", (c) => c.notNull())
    .addColumn("meta_salt", "varchar(64)", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("deleted_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("evidence_records_holder").on("evidence_records").columns(["holder_user_id", "kind", "created_at"]).execute();
  await db.schema.createIndex("evidence_records_sha256").on("evidence_records").column("sha256").execute();
  await db.schema.createIndex("evidence_records_parent").on("evidence_records").column("parent_id").execute();
  await db.schema.createIndex("evidence_records_status").on("evidence_records").column("status").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("evidence_records").execute();
}
