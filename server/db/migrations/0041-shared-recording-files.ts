import type { Kysely } from "kysely";

/**
 * Recordings whose files any process can read (issue 20): chunks and the recorders' files are
 * scratch files of the blob store (S3 with several processes) rather than files under one
 * process's DATA_DIR. `recording_scratch` lists every scratch file a recording owns, written
 * before the file is, so one left by a process killed mid-upload is still found and deleted once
 * the recording is sealed or given up; `attached_name` is set once a recorder's file is complete.
 * `recording_chunks.scratch` names the file of each chunk (null: a chunk kept under
 * DATA_DIR/recordings by an earlier version).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("recording_scratch")
    .addColumn("scratch", "varchar(128)", (c) => c.primaryKey())
    .addColumn("recording_id", "integer", (c) => c.notNull().references("recordings.id"))
    .addColumn("attached_name", "varchar(200)")
    .execute();
  await db.schema.createIndex("recording_scratch_recording").on("recording_scratch").columns(["recording_id", "attached_name"]).execute();
  await db.schema.alterTable("recording_chunks").addColumn("scratch", "varchar(128)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("recording_chunks").dropColumn("scratch").execute();
  await db.schema.dropTable("recording_scratch").execute();
}
