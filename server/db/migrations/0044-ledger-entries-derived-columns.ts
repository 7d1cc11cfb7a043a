import type { Kysely } from "kysely";

/**
 * The ledger's entries keep only what cannot be computed again: the index and the logged bytes.
 * The leaf hash is SHA-256(0x00 ‖ entry) (RFC 6962), and an entry's block and time are those of the
 * first checkpoint whose tree holds it (`ledger_checkpoints.tree_size` is unique, so indexed).
 * Storing the three with every entry made each row a third dearer to insert than the entry alone
 * (issue 20's ledger benchmark); readers now derive them (modules/ledger). Dropping columns rewrites
 * the rows in the migration's transaction on SQLite (3.35+) and only the catalogue on PostgreSQL.
 */
const DERIVED_COLUMNS = ["leaf_hash", "block_height", "integrated_at"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of DERIVED_COLUMNS) await db.schema.alterTable("ledger_entries").dropColumn(column).execute();
}
