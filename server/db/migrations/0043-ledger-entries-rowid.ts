import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.js";

/**
 * SQLite: the ledger's entries keyed by the table's own row id (`idx INTEGER PRIMARY KEY`). Declared
 * `bigint PRIMARY KEY`, SQLite kept a second index beside the table and wrote both for every entry,
 * a third of an append's insert cost (issue 20's ledger benchmark). The same 64-bit numbers; the
 * table is copied over in the migration's transaction. PostgreSQL's bigint key is already the table's
 * one index: nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // The migrator runs each migration in a transaction (server/db/dialect.ts), so a copy cut off halfway leaves the old table whole.
  await sql`CREATE TABLE ledger_entries_by_rowid (idx INTEGER PRIMARY KEY, entry blob NOT NULL, leaf_hash blob NOT NULL, block_height integer NOT NULL, integrated_at bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO ledger_entries_by_rowid (idx, entry, leaf_hash, block_height, integrated_at) SELECT idx, entry, leaf_hash, block_height, integrated_at FROM ledger_entries ORDER BY idx`.execute(db);
  await sql`DROP TABLE ledger_entries`.execute(db);
  await sql`ALTER TABLE ledger_entries_by_rowid RENAME TO ledger_entries`.execute(db);
}
