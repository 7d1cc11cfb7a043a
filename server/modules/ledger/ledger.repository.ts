import type { CompiledQuery, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import { executeWrites } from "../../db/dialect.js";
import { preparedQuery, preparedRowsInsert } from "../../db/prepared-query.js";
import { HASH_SIZE } from "../../../isomorphic/ledger/hashing.js";
import { TILE_HEIGHT, TILE_WIDTH, type TileId } from "../../ledger/tiles.js";

/** Queries run on the database or inside a block's transaction alike. */
export type LedgerDb = Kysely<Database> | Transaction<Database>;

export interface StoredState {
  readonly treeSize: number;
  readonly frontier: Uint8Array[];
  readonly blockHeight: number;
}

export interface CheckpointRow {
  readonly blockHeight: number;
  readonly treeSize: number;
  readonly rootHash: string;
  readonly note: string;
  readonly createdAt: number;
}

/** A block's entries: entry i is logged at index firstIndex + i with leaf hash leafHashes[i]. */
export interface NewEntries {
  readonly firstIndex: number;
  readonly entries: readonly Uint8Array[];
  readonly leafHashes: readonly Uint8Array[];
  readonly blockHeight: number;
  readonly now: number;
}

export interface NodeRow {
  readonly level: number;
  readonly index: number;
  readonly hash: Uint8Array;
}

const STATE_ID = 1;
// Far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const ROWS_PER_INSERT = 500;

const toCheckpoint = (row: { block_height: number; tree_size: number; root_hash: string; note: string; created_at: number }): CheckpointRow => ({
  blockHeight: row.block_height,
  treeSize: Number(row.tree_size),
  rootHash: row.root_hash,
  note: row.note,
  createdAt: Number(row.created_at),
});

function splitFrontier(bytes: Uint8Array): Uint8Array[] {
  if (bytes.length % HASH_SIZE !== 0) throw new RangeError(`stored frontier of ${bytes.length} bytes is not whole hashes`);
  return Array.from({ length: bytes.length / HASH_SIZE }, (_, i) => Uint8Array.from(bytes.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE)));
}

/** The drivers bind Buffers; a view over the same bytes, not a copy (and no new object for a Buffer). */
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) out.push(items.slice(i, i + ROWS_PER_INSERT));
  return out;
}

// The statements every block runs, compiled once per database (server/db/prepared-query.ts).
const selectState = preparedQuery((db: Kysely<Database>, values: { id: number }) => db.selectFrom("ledger_state").selectAll().where("id", "=", values.id));
const upsertState = preparedQuery((db: Kysely<Database>, state: { id: number; treeSize: number; frontier: Buffer; blockHeight: number; now: number }) => {
  const values = { tree_size: state.treeSize, frontier: state.frontier, block_height: state.blockHeight, updated_at: state.now };
  return db
    .insertInto("ledger_state")
    .values({ id: state.id, ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(values));
});
const selectLastCheckpoint = preparedQuery((db: Kysely<Database>, _values: object) =>
  db.selectFrom("ledger_checkpoints").selectAll().orderBy("block_height", "desc").limit(1),
);
const insertCheckpointRow = preparedQuery((db: Kysely<Database>, checkpoint: CheckpointRow) =>
  db.insertInto("ledger_checkpoints").values({
    block_height: checkpoint.blockHeight,
    tree_size: checkpoint.treeSize,
    root_hash: checkpoint.rootHash,
    note: checkpoint.note,
    created_at: checkpoint.createdAt,
  }),
);
/** Each entry row's values, in this order. */
const ENTRY_COLUMN_NAMES = ["idx", "entry", "leaf_hash", "block_height", "integrated_at"];
const ENTRY_COLUMNS = ENTRY_COLUMN_NAMES.length;
const insertEntryRows = preparedRowsInsert<Database>("ledger_entries", ENTRY_COLUMN_NAMES);
const insertNodeRows = preparedRowsInsert<Database>("ledger_nodes", ["level", "idx", "hash"]);

function entryWrites(db: LedgerDb, { firstIndex, entries, leafHashes, blockHeight, now }: NewEntries): CompiledQuery[] {
  const writes: CompiledQuery[] = [];
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    const end = Math.min(entries.length, start + ROWS_PER_INSERT);
    // Filled in place, not grown: a block binds over a thousand values.
    const values = new Array<unknown>((end - start) * ENTRY_COLUMNS);
    for (let i = start, at = 0; i < end; i += 1) {
      values[at++] = firstIndex + i;
      values[at++] = asBuffer(entries[i]);
      values[at++] = asBuffer(leafHashes[i]);
      values[at++] = blockHeight;
      values[at++] = now;
    }
    writes.push(insertEntryRows(db, values));
  }
  return writes;
}

const nodeWrites = (db: LedgerDb, rows: readonly NodeRow[]): CompiledQuery[] =>
  chunks(rows).map((part) => insertNodeRows(db, part.flatMap((row) => [row.level, row.index, asBuffer(row.hash)])));

const stateWrite = (db: LedgerDb, state: StoredState, now: number) =>
  upsertState(db, { id: STATE_ID, treeSize: state.treeSize, frontier: Buffer.concat(state.frontier), blockHeight: state.blockHeight, now });

/** The ledger's SQL; knows nothing of Merkle trees beyond which rows make a tile. */
export const ledgerRepository = {
  async readState(db: LedgerDb): Promise<StoredState | null> {
    const [row] = (await db.executeQuery(selectState(db, { id: STATE_ID }))).rows;
    return row ? { treeSize: Number(row.tree_size), frontier: splitFrontier(row.frontier), blockHeight: row.block_height } : null;
  },

  async lastCheckpoint(db: LedgerDb): Promise<CheckpointRow | null> {
    const [row] = (await db.executeQuery(selectLastCheckpoint(db, {}))).rows;
    return row ? toCheckpoint(row) : null;
  },

  async checkpointOfSize(db: LedgerDb, treeSize: number): Promise<CheckpointRow | null> {
    const row = await db.selectFrom("ledger_checkpoints").selectAll().where("tree_size", "=", treeSize).executeTakeFirst();
    return row ? toCheckpoint(row) : null;
  },

  async checkpointOfBlock(db: LedgerDb, blockHeight: number): Promise<CheckpointRow | null> {
    const row = await db.selectFrom("ledger_checkpoints").selectAll().where("block_height", "=", blockHeight).executeTakeFirst();
    return row ? toCheckpoint(row) : null;
  },

  /**
   * Everything a block stores, once its checkpoint is signed: its entries, the tile-row nodes it
   * completed, the checkpoint and the tree state after it. Independent writes (executeWrites), so
   * on PostgreSQL they cost one round trip rather than one each.
   */
  async writeBlock(db: LedgerDb, block: { entries: NewEntries; nodes: readonly NodeRow[]; checkpoint: CheckpointRow; state: StoredState }): Promise<void> {
    const now = block.checkpoint.createdAt;
    await executeWrites(db, [
      ...entryWrites(db, block.entries),
      ...nodeWrites(db, block.nodes),
      insertCheckpointRow(db, block.checkpoint),
      stateWrite(db, block.state, now),
    ]);
  },

  /** Number of stored entries and one past the highest index (equal when there are no gaps). */
  async entryExtent(db: LedgerDb): Promise<{ count: number; end: number }> {
    const row = await db
      .selectFrom("ledger_entries")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("idx").as("last")])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), end: row.last === null ? 0 : Number(row.last) + 1 };
  },

  async entry(db: LedgerDb, index: number): Promise<{ entry: Uint8Array; leafHash: Uint8Array; blockHeight: number; time: number } | null> {
    const row = await db.selectFrom("ledger_entries").selectAll().where("idx", "=", index).executeTakeFirst();
    return row ? { entry: row.entry, leafHash: row.leaf_hash, blockHeight: row.block_height, time: Number(row.integrated_at) } : null;
  },

  /** Entries [start, start + count) in order (fewer if the log is shorter). */
  async entries(db: LedgerDb, start: number, count: number): Promise<Uint8Array[]> {
    const rows = await db
      .selectFrom("ledger_entries")
      .select("entry")
      .where("idx", ">=", start)
      .where("idx", "<", start + count)
      .orderBy("idx")
      .execute();
    return rows.map((row) => row.entry);
  },

  async recentEntries(db: LedgerDb, limit: number) {
    const rows = await db
      .selectFrom("ledger_entries")
      .select(["idx", "leaf_hash", "block_height", "integrated_at"])
      .orderBy("idx", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ index: Number(row.idx), leafHash: row.leaf_hash, blockHeight: row.block_height, time: Number(row.integrated_at) }));
  },

  /**
   * The first `tile.width` hashes of a tile (C2SP tlog-tiles), concatenated; null when fewer are
   * stored. Tile level 0 is the leaf hashes, level L the stored nodes of tree level 8·L.
   */
  async tileHashes(db: LedgerDb, tile: TileId): Promise<Uint8Array | null> {
    const start = tile.index * TILE_WIDTH;
    const end = start + tile.width;
    const hashes =
      tile.level === 0
        ? (await db.selectFrom("ledger_entries").select("leaf_hash as hash").where("idx", ">=", start).where("idx", "<", end).orderBy("idx").execute())
        : await db
            .selectFrom("ledger_nodes")
            .select("hash")
            .where("level", "=", tile.level * TILE_HEIGHT)
            .where("idx", ">=", start)
            .where("idx", "<", end)
            .orderBy("idx")
            .execute();
    return hashes.length === tile.width ? Buffer.concat(hashes.map((row) => row.hash)) : null;
  },
};
