import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.js";
import { createTicketsTable } from "./0036-lawsuit-packages.js";

/**
 * Litigation packages become packaging jobs (issue 20): a row of evidence_packages of kind
 * "lawsuit", built by the row queue like evidence packages, its job_key the SHA-256 of the
 * download ticket (64 hex, hence the wider column) and detail_json what the asker is told of the
 * files written. The tickets' table goes; its live tickets move over as ready (or, never finished,
 * failed) rows, so their links and packages keep working and are deleted when they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evidence_packages").addColumn("kind", "varchar(16)", (c) => c.notNull().defaultTo("evidence")).execute();
  await db.schema.alterTable("evidence_packages").addColumn("detail_json", "text").execute();
  // SQLite does not enforce a varchar's length.
  if (isPostgres(db)) await sql`ALTER TABLE evidence_packages ALTER COLUMN job_key TYPE varchar(64)`.execute(db);
  // Each kind's queue reads its own queued rows.
  await db.schema.dropIndex("evidence_packages_state").execute();
  await db.schema.createIndex("evidence_packages_kind_state").on("evidence_packages").columns(["kind", "state", "id"]).execute();

  await sql`
    INSERT INTO evidence_packages (kind, job_key, owner, state, items_json, file_name, total, done, units_total, units_done, attempts, message, size, created_at, finished_at, expires_at)
    SELECT 'lawsuit', ticket_hash, 'lawsuit', CASE WHEN bytes > 0 THEN 'ready' ELSE 'failed' END, '[]', file_name, 1, 1, 0, 0, 1,
      CASE WHEN bytes > 0 THEN NULL ELSE '打包失败，请稍后重试' END, bytes, created_at, created_at, expires_at
    FROM lawsuit_package_tickets`.execute(db);
  await db.schema.dropTable("lawsuit_package_tickets").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createTicketsTable(db);
  // Ready packages keep their links; what was still being built is dropped (its scratch file, if any, is left behind).
  await sql`
    INSERT INTO lawsuit_package_tickets (ticket_hash, certificate_no, file_name, bytes, created_at, expires_at)
    SELECT job_key, '', file_name, size, created_at, expires_at FROM evidence_packages WHERE kind = 'lawsuit' AND state = 'ready'`.execute(db);
  await sql`DELETE FROM evidence_packages WHERE kind = 'lawsuit'`.execute(db);
  await db.schema.dropIndex("evidence_packages_kind_state").execute();
  await db.schema.createIndex("evidence_packages_state").on("evidence_packages").columns(["state", "id"]).execute();
  if (isPostgres(db)) await sql`ALTER TABLE evidence_packages ALTER COLUMN job_key TYPE varchar(32)`.execute(db);
  await db.schema.alterTable("evidence_packages").dropColumn("detail_json").execute();
  await db.schema.alterTable("evidence_packages").dropColumn("kind").execute();
}
