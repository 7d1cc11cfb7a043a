import type { Kysely } from "kysely";
import { binaryColumnType } from "../dialect.js";

/**
 * The evidence ledger (DESIGN.md §6), owned by modules/ledger. Written only in whole blocks, one
 * durable transaction each: the block's entries, the tile-row node hashes it completed, its signed
 * checkpoint and the new tree state. So after any crash the tables describe exactly the last
 * committed checkpoint, which start-up checks.
 *
 * - ledger_entries: the logged bytes and RFC 6962 leaf hash (= tile level 0) of every entry.
 * - ledger_nodes: perfect-subtree hashes of tree levels 8, 16, … (tile levels 1, 2, …); together with
 *   the leaf hashes these are exactly the C2SP tlog-tiles, so tiles and proofs are read from them.
 * - ledger_checkpoints: every signed checkpoint; block 0 is the empty tree signed at first start.
 * - ledger_state: one row, the compact range after the last block (size + frontier hashes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = binaryColumnType(db);
  await db.schema
    .createTable("ledger_entries")
    .addColumn("idx", "bigint", (c) => c.primaryKey())
    .addColumn("entry", bytes, (c) => c.notNull())
    .addColumn("leaf_hash", bytes, (c) => c.notNull())
    .addColumn("block_height", "integer", (c) => c.notNull())
    .addColumn("integrated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ledger_nodes")
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("idx", "bigint", (c) => c.notNull())
    .addColumn("hash", bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint("ledger_nodes_pk", ["level", "idx"])
    .execute();
  await db.schema
    .createTable("ledger_checkpoints")
    .addColumn("block_height", "integer", (c) => c.primaryKey())
    .addColumn("tree_size", "bigint", (c) => c.notNull().unique())
    .addColumn("root_hash", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ledger_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("tree_size", "bigint", (c) => c.notNull())
    .addColumn("frontier", bytes, (c) => c.notNull())
    .addColumn("block_height", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["ledger_state", "ledger_checkpoints", "ledger_nodes", "ledger_entries"]) {
    await db.schema.dropTable(table).execute();
  }
}
