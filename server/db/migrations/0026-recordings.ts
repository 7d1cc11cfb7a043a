import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Recorded evidence (issue 16), owned by modules/recording. `recordings` is one recording (or a
 * mobile array's group, whose parts point at it by group_id) with its chain heads after the last
 * chunk held; `recording_chunks` one row per chunk on disk (DATA_DIR/recordings/<id>/chunks/<idx>)
 * with its digests and the heads after it; `recording_anchors` each head anchored on the ledger,
 * written before it is appended (ledger_index null until then) so a crash in between is repaired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("recordings"))
    // The holder (who sees it; a sub-account's recordings are its own) and who started it.
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("acting_user_id", "integer", (c) => c.notNull())
    // The random name of the recording on the public ledger (anchor entries name nobody).
    .addColumn("uid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("source", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("purpose", "text")
    .addColumn("target", "text")
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("ending", "varchar(16)")
    .addColumn("is_group", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("group_id", "integer")
    .addColumn("environment_json", "text", (c) => c.notNull())
    .addColumn("unit_reservation_id", "integer", (c) => c.references("package_unit_reservations.id"))
    .addColumn("chunk_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_ms", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("head_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("head_sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("last_chunk_at", "bigint")
    // Chosen before sealing starts, so a seal interrupted after the evidence was stored finds it again.
    .addColumn("certificate_no", "varchar(64)")
    .addColumn("evidence_id", "integer")
    .addColumn("package_blob", "varchar(64)")
    .addColumn("package_sha256", "varchar(64)")
    .addColumn("package_sm3", "varchar(64)")
    .addColumn("package_bytes", "bigint")
    .addColumn("files_json", "text")
    .addColumn("failure", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .execute();
  await db.schema.createIndex("recordings_holder").on("recordings").columns(["user_id", "kind", "created_at"]).execute();
  await db.schema.createIndex("recordings_state").on("recordings").columns(["state", "last_chunk_at"]).execute();
  await db.schema.createIndex("recordings_group").on("recordings").columns(["group_id"]).execute();

  await db.schema
    .createTable("recording_chunks")
    .addColumn("recording_id", "integer", (c) => c.notNull().references("recordings.id"))
    .addColumn("idx", "integer", (c) => c.notNull())
    .addColumn("offset", "bigint", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("chain_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("chain_sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("recorded_ms", "bigint", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("recording_chunks_pk", ["recording_id", "idx"])
    .execute();

  await db.schema
    .createTable("recording_anchors")
    .addColumn("recording_id", "integer", (c) => c.notNull().references("recordings.id"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("chunks", "integer", (c) => c.notNull())
    .addColumn("duration_ms", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("time", "bigint", (c) => c.notNull())
    .addColumn("final", "integer", (c) => c.notNull())
    // The exact logged text, so a repair appends (or finds) the same bytes.
    .addColumn("entry", "text", (c) => c.notNull())
    // The ledger's size when the row was written: where a repair starts looking for the entry.
    .addColumn("ledger_size_hint", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addPrimaryKeyConstraint("recording_anchors_pk", ["recording_id", "seq"])
    .execute();
  await db.schema.createIndex("recording_anchors_unlogged").on("recording_anchors").columns(["ledger_index"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recording_anchors").execute();
  await db.schema.dropTable("recording_chunks").execute();
  await db.schema.dropTable("recordings").execute();
}
