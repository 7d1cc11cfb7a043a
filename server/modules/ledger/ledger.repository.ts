import type { CompiledQuery, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import { executeWrites } from "../../db/dialect.js";
import { preparedQuery, preparedRowsInsert } from "../../db/prepared-query.js";
import { bytesEqual } from "../../../isomorphic/ledger/encoding.js";
import { HASH_SIZE } from "../../../isomorphic/ledger/hashing.js";
import type { PackedEntries } from "../../ledger/block-hashes.js";
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

/**
 * A block's entries, packed (a few buffers rather than hundreds, so a block crosses to the writer
 * thread cheaply): entry i is logged at index firstIndex + i. Only the bytes are stored: the leaf
 * hash, block and time of an entry are derived when read (migration 0044).
 */
export interface NewEntries {
  readonly firstIndex: number;
  readonly entries: PackedEntries;
}

/** A stored entry with the block whose checkpoint first holds it. */
export interface EntryInBlock {
  readonly index: number;
  readonly entry: Uint8Array;
  readonly blockHeight: number;
  readonly time: number;
}

export interface NodeRow {
  readonly level: number;
  readonly index: number;
  readonly hash: Uint8Array;
}

/** Everything a block stores once its checkpoint is signed. */
export interface BlockRecord {
  readonly entries: NewEntries;
  readonly nodes: readonly NodeRow[];
  readonly checkpoint: CheckpointRow;
  readonly state: StoredState;
}

/** Whether two tree states are the same one: block height, size and frontier. */
export const sameState = (a: StoredState, b: StoredState): boolean =>
  a.blockHeight === b.blockHeight && a.treeSize === b.treeSize && a.frontier.length === b.frontier.length && a.frontier.every((hash, i) => bytesEqual(hash, b.frontier[i]));

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
const ENTRY_COLUMN_NAMES = ["idx", "entry"];
const ENTRY_COLUMNS = ENTRY_COLUMN_NAMES.length;
const insertEntryRows = preparedRowsInsert<Database>("ledger_entries", ENTRY_COLUMN_NAMES);
const insertNodeRows = preparedRowsInsert<Database>("ledger_nodes", ["level", "idx", "hash"]);

function entryWrites(db: LedgerDb, { firstIndex, entries }: NewEntries): CompiledQuery[] {
  const writes: CompiledQuery[] = [];
  const { ends } = entries;
  const bytes = asBuffer(entries.bytes);
  for (let start = 0; start < ends.length; start += ROWS_PER_INSERT) {
    const end = Math.min(ends.length, start + ROWS_PER_INSERT);
    // Filled in place, not grown: a block binds over a thousand values.
    const values = new Array<unknown>((end - start) * ENTRY_COLUMNS);
    for (let i = start, at = 0; i < end; i += 1) {
      values[at++] = firstIndex + i;
      values[at++] = bytes.subarray(i === 0 ? 0 : ends[i - 1], ends[i]);
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
  async writeBlock(db: LedgerDb, block: BlockRecord): Promise<void> {
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

  async entry(db: LedgerDb, index: number): Promise<Uint8Array | null> {
    const row = await db.selectFrom("ledger_entries").select("entry").where("idx", "=", index).executeTakeFirst();
    return row?.entry ?? null;
  },

  /** The checkpoint of the block that logged entry `index`: the first whose tree holds it. */
  async checkpointHoldingEntry(db: LedgerDb, index: number): Promise<CheckpointRow | null> {
    const row = await db.selectFrom("ledger_checkpoints").selectAll().where("tree_size", ">", index).orderBy("tree_size").limit(1).executeTakeFirst();
    return row ? toCheckpoint(row) : null;
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

  /** The newest `limit` entries, newest first, each with its block. */
  async recentEntries(db: LedgerDb, limit: number): Promise<EntryInBlock[]> {
    const rows = await db.selectFrom("ledger_entries").select(["idx", "entry"]).orderBy("idx", "desc").limit(limit).execute();
    if (rows.length === 0) return [];
    // The blocks holding them: at most one per entry, in tree order.
    const oldest = Number(rows.at(-1)!.idx);
    const checkpoints = await db.selectFrom("ledger_checkpoints").selectAll().where("tree_size", ">", oldest).orderBy("tree_size").limit(rows.length).execute();
    return rows.flatMap((row) => {
      const index = Number(row.idx);
      const holding = checkpoints.find((checkpoint) => Number(checkpoint.tree_size) > index);
      // Blocks commit whole, so every entry read has its checkpoint; one without (a damaged database) is left out.
      return holding ? [{ index, entry: row.entry, blockHeight: holding.block_height, time: Number(holding.created_at) }] : [];
    });
  },

  /**
   * The first `tile.width` stored node hashes of an upper tile (C2SP tlog-tiles level L ≥ 1: tree
   * level 8·L), concatenated; null when fewer are stored. Level 0, the leaf hashes, is derived
   * from the entries (stored-tiles.ts).
   */
  async nodeTileHashes(db: LedgerDb, tile: TileId): Promise<Uint8Array | null> {
    const start = tile.index * TILE_WIDTH;
    const hashes = await db
      .selectFrom("ledger_nodes")
      .select("hash")
      .where("level", "=", tile.level * TILE_HEIGHT)
      .where("idx", ">=", start)
      .where("idx", "<", start + tile.width)
      .orderBy("idx")
      .execute();
    return hashes.length === tile.width ? Buffer.concat(hashes.map((row) => row.hash)) : null;
  },
};
