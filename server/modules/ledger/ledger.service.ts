import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import type { QueueDepth } from "../../jobs/job-queues.js";
import { durableTransaction, isWriteConflict, type WriterLock } from "../../db/dialect.js";
import { CheckpointSigner } from "../../ledger/checkpoint-signer.js";
import type { Checkpoint } from "../../../isomorphic/ledger/checkpoint.js";
import type { CompactRangeState } from "../../ledger/compact-range.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { bytesEqual, encodeBase64, encodeHex } from "../../../isomorphic/ledger/encoding.js";
import { encodeEntryBundle, MAX_ENTRY_SIZE } from "../../ledger/entry-bundle.js";
import { EMPTY_TREE_ROOT } from "../../../isomorphic/ledger/hashing.js";
import { generateInclusionProof } from "../../../isomorphic/ledger/inclusion.js";
import { formatKeyId, parseVerifierKey, type NoteVerifier } from "../../../isomorphic/ledger/note-keys.js";
import { createProofBundle, formatProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { TILE_HEIGHT, TILE_WIDTH, tileInTree, type TileId } from "../../ledger/tiles.js";
import { EntryArena, type BlockHashes } from "../../ledger/block-hashes.js";
import { blockHashingThread } from "../../ledger/block-hashing-thread.js";
import { nodeLedgerCrypto, sha256 } from "../../ledger/node-crypto.js";
import { BlockQueue } from "./block-queue.js";
import { LedgerClosedError, LedgerIntegrityError, LedgerQueryError } from "./ledger-errors.js";
import { checkStateAgainstCheckpoint, checkStoredLedger } from "./ledger-integrity.js";
import type { LedgerKey } from "./ledger-signer-key.js";
import { ledgerRepository as repo, type CheckpointRow, type NodeRow, type StoredState } from "./ledger.repository.js";
import type {
  ChainEntrySummary,
  ConsistencyProofAnswer,
  InclusionProofAnswer,
  LedgerPort,
  LedgerReceipt,
  StoredCheckpoint,
} from "./ledger.types.js";
import { FullTileCache, readStoredTile, storedNodeReader } from "./stored-tiles.js";
import { extendTree } from "../../ledger/tree-extension.js";

/** Blocks close after this many entries or this long after their first entry (DESIGN.md §6). */
export const BLOCK_MAX_ENTRIES = 256;
export const BLOCK_MAX_DELAY_MS = 500;
/** One writer at a time across the processes sharing the database (PostgreSQL advisory lock). */
const WRITER_LOCK_NAME = "hengzheng-ledger-writer";
/**
 * A block's writer holding the lock but silent 10 s (a stopped or hung process, a cut network) has
 * its session ended by PostgreSQL, which releases the lock for the next writer. A live block is
 * never idle near this long: it only hashes and signs between its statements.
 */
const BLOCK_WRITER_LOCK: WriterLock = { name: WRITER_LOCK_NAME, idleLimitMs: 10_000 };
const WRITE_CONFLICT_RETRIES = 3;

export type CheckpointListener = (checkpoint: StoredCheckpoint) => void | Promise<void>;

export interface LedgerServiceOptions {
  readonly db: Kysely<Database>;
  readonly origin: string;
  readonly key: LedgerKey;
  readonly now?: () => number;
  /** Where failures of checkpoint listeners are reported. */
  readonly log?: { error(object: object, message: string): void };
  readonly blockMaxEntries?: number;
  readonly blockMaxDelayMs?: number;
}

const toStored = (row: CheckpointRow): StoredCheckpoint => ({ ...row });

/** What the next block extends: the tree after the last block this process knows of, and its signed checkpoint. */
interface LedgerTip {
  readonly blockHeight: number;
  readonly state: CompactRangeState;
  readonly checkpoint: Checkpoint;
}

const tipOf = (stored: StoredState, checkpoint: Checkpoint): LedgerTip => ({
  blockHeight: stored.blockHeight,
  state: { size: stored.treeSize, hashes: stored.frontier },
  checkpoint,
});

const sameFrontier = (stored: StoredState, state: CompactRangeState) =>
  stored.treeSize === state.size && stored.frontier.length === state.hashes.length && stored.frontier.every((hash, i) => bytesEqual(hash, state.hashes[i]));

/**
 * The evidence ledger (DESIGN.md §6) over the pure libraries in isomorphic/ledger and server/ledger.
 * Appends wait in a queue and are integrated in blocks; each block is one durable transaction
 * holding its entries, the tile-row nodes it completed, its checkpoint (signed only after the signer
 * has checked it against the previous one) and the new tree state. Appends resolve only after that commit.
 * A block's own hashes are computed on a thread as soon as it closes (server/ledger/block-hashes.ts),
 * while the blocks before it commit; under the writer lock only the joins to the earlier tree are hashed.
 * Any number of processes may append to one database: each block is built under the writer lock
 * from the stored tip (#writeBlock), so they take turns and each extends what the last one left.
 * Reads (tiles, proofs, checkpoints) come from the database, so any process sharing it serves the
 * same log.
 */
export class LedgerService implements LedgerPort {
  readonly origin: string;
  readonly verifierKey: string;
  readonly #db: Kysely<Database>;
  readonly #key: LedgerKey;
  readonly #verifier: NoteVerifier;
  readonly #now: () => number;
  readonly #log: LedgerServiceOptions["log"];
  readonly #queue: BlockQueue<Buffer, LedgerReceipt, Promise<BlockHashes>>;
  readonly #tiles = new FullTileCache();
  readonly #listeners = new Set<CheckpointListener>();
  #tip!: LedgerTip;
  /**
   * Entries of the blocks closed but not yet in #tip: the next block to close is hashed for the
   * index it will start at if all of them commit (a guess a failed block or another writer spoils,
   * which only costs hashing that block's nodes again, see #writeBlock).
   */
  #closedEntries = 0;
  /** The copies of the entries of the block being filled. */
  readonly #arena = new EntryArena();
  #closed = false;
  /** Set when the stored ledger no longer checks out after a failed block: no more appends. */
  #broken: Error | null = null;

  get #expected() {
    return { origin: this.origin, verifier: this.#verifier };
  }

  private constructor(options: LedgerServiceOptions) {
    this.origin = options.origin;
    this.verifierKey = options.key.verifierKey;
    this.#db = options.db;
    this.#key = options.key;
    this.#verifier = parseVerifierKey(options.key.verifierKey, nodeLedgerCrypto);
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
    this.#queue = new BlockQueue({
      maxItems: options.blockMaxEntries ?? BLOCK_MAX_ENTRIES,
      maxDelayMs: options.blockMaxDelayMs ?? BLOCK_MAX_DELAY_MS,
      prepare: (entries) => this.#hashBlock(entries),
      integrate: (entries, hashing) => this.#integrate(entries, hashing),
    });
  }

  /** Checks the stored ledger (refusing to start on a contradiction), signing the empty tree on first start. */
  static async open(options: LedgerServiceOptions): Promise<LedgerService> {
    const service = new LedgerService(options);
    await service.#load();
    return service;
  }

  // ---- writing ----

  append(entry: Uint8Array): Promise<LedgerReceipt> {
    if (this.#closed) return Promise.reject(new LedgerClosedError());
    if (this.#broken) return Promise.reject(this.#broken);
    if (entry.length > MAX_ENTRY_SIZE) return Promise.reject(new RangeError(`账本条目不能超过 ${MAX_ENTRY_SIZE} 字节（当前 ${entry.length} 字节）`));
    // A copy, so a caller reusing its buffer cannot change a waiting entry. The queue adds it to
    // the block being filled, whose entries the arena holds: a block is closed before the next
    // one takes an entry.
    return this.#queue.push(this.#arena.add(entry));
  }

  /** Called after each block is durable, with its checkpoint. Returns the unsubscribe function. */
  onCheckpoint(listener: CheckpointListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** The checkpoint key's id (8 hex digits), as in the verifier key and each signature line. */
  get signerKeyId(): string {
    return formatKeyId(this.#verifier.keyId);
  }

  /** Appends waiting for their block, being integrated, and lost with a failed block (this process). */
  queueDepth(): QueueDepth {
    return this.#queue.depth();
  }

  /** Stops taking appends and integrates those already waiting. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue.flush();
  }

  /**
   * The start-up check runs under the writer lock: its reads then see one committed picture even
   * while other processes append (unlocked, a block committed between two of them looked like a
   * contradiction). Signs the empty tree when the ledger was never started.
   */
  async #load(): Promise<void> {
    const checked = await durableTransaction(this.#db, async (trx) => {
      const found = await checkStoredLedger(trx, this.#expected);
      if (found) return found;
      await this.#signEmptyTree(trx);
      return (await checkStoredLedger(trx, this.#expected))!;
    }, { name: WRITER_LOCK_NAME });
    this.#tip = tipOf(checked.state, checked.parsed);
  }

  /** Block 0: the empty tree, so /ledger/checkpoint answers from the first start on. */
  async #signEmptyTree(trx: Transaction<Database>): Promise<void> {
    const createdAt = this.#now();
    const signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer] });
    const note = await signer.sign({ size: 0, rootHash: EMPTY_TREE_ROOT });
    await repo.writeBlock(trx, {
      entries: { firstIndex: 0, entries: [], leafHashes: [], blockHeight: 0, now: createdAt },
      nodes: [],
      checkpoint: { blockHeight: 0, treeSize: 0, rootHash: encodeBase64(EMPTY_TREE_ROOT), note, createdAt },
      state: { treeSize: 0, frontier: [], blockHeight: 0 },
    });
  }

  /**
   * Starts hashing a block as it closes, off this thread, while the blocks before it commit. Never
   * rejects unawaited: the hashes are awaited only in the block's turn.
   */
  #hashBlock(entries: Buffer[]): Promise<BlockHashes> {
    const packed = this.#arena.seal();
    if (packed.ends.length !== entries.length) throw new Error(`a closing block of ${entries.length} entries found ${packed.ends.length} in its arena`);
    const hashing = blockHashingThread.hash(packed, this.#tip.state.size + this.#closedEntries);
    this.#closedEntries += entries.length;
    hashing.catch(() => undefined);
    return hashing;
  }

  async #integrate(entries: Buffer[], hashing: Promise<BlockHashes>): Promise<LedgerReceipt[]> {
    try {
      const hashes = await hashing;
      for (let attempt = 1; ; attempt += 1) {
        try {
          const { firstIndex, blockHeight, checkpoint, treeSize, integratedAt } = await this.#writeBlock(entries, hashes);
          return entries.map((_, i) => ({ index: firstIndex + i, leafHash: hashes.leafHashHex(i), blockHeight, checkpoint, treeSize, integratedAt }));
        } catch (error) {
          // SQLite busy (another process on the same file) or a PostgreSQL serialization failure:
          // nothing of the block was stored, and the next attempt re-reads the tip under the lock.
          if (!isWriteConflict(error) || attempt >= WRITE_CONFLICT_RETRIES) throw error;
        }
      }
    } catch (error) {
      this.#closedEntries -= entries.length;
      throw error;
    }
  }

  /**
   * One block, built under the writer lock from the stored tip: the process that waited for the
   * lock extends whatever the previous writer committed, so no block is ever thrown away. The lock
   * lives exactly as long as the transaction: a writer that dies or is cut off loses both together
   * (PostgreSQL ends the backend and releases the lock when the connection drops), so a stale
   * writer can never commit, and the next one takes over at once. The tip's block height is the
   * fencing token besides: a block only ever extends the state row it read under the lock.
   */
  /** Answers what every receipt of the block shares, and the index of its first entry. */
  async #writeBlock(entries: Buffer[], hashes: BlockHashes): Promise<Omit<LedgerReceipt, "index" | "leafHash"> & { firstIndex: number }> {
    const createdAt = this.#now();
    const leafHashes = entries.map((_, i) => hashes.leafHash(i));
    const block = await durableTransaction(this.#db, async (trx) => {
      const tip = await this.#storedTip(trx);
      const height = tip.blockHeight + 1;
      const firstIndex = tip.state.size;
      const nodes: NodeRow[] = [];
      // The block's own nodes were hashed for where it was expected to start; anywhere else, only
      // its leaf hashes still hold.
      const known = hashes.start === firstIndex ? (level: number, index: number) => hashes.node(level, index) : undefined;
      const extension = extendTree(tip.state, leafHashes, (level, index, hash) => {
        if (level > 0 && level % TILE_HEIGHT === 0) nodes.push({ level, index, hash });
      }, known);
      const treeSize = extension.range.size;
      // The signer checks the new root against the last signed one with the block's consistency
      // proof, so a wrong frontier or a wrong node hash never gets signed (nor anything stored).
      const signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer], lastSigned: tip.checkpoint });
      const note = await signer.sign({ size: treeSize, rootHash: extension.root }, extension.consistencyProof);
      const rootHash = encodeBase64(extension.root);
      const state = extension.range.state();
      await repo.writeBlock(trx, {
        entries: { firstIndex, entries, leafHashes, blockHeight: height, now: createdAt },
        nodes,
        checkpoint: { blockHeight: height, treeSize, rootHash, note, createdAt },
        state: { treeSize, frontier: [...state.hashes], blockHeight: height },
      });
      return { tip: { blockHeight: height, state, checkpoint: signer.lastSigned! }, firstIndex, treeSize, rootHash, note };
    }, BLOCK_WRITER_LOCK);
    // Only a committed block moves the tip: a failed one leaves it where the stored state still is.
    this.#tip = block.tip;
    this.#closedEntries -= entries.length;
    const { tip, firstIndex, treeSize, rootHash, note } = block;
    this.#publish({ blockHeight: tip.blockHeight, treeSize, rootHash, note, createdAt });
    return { firstIndex, blockHeight: tip.blockHeight, checkpoint: note, treeSize, integratedAt: createdAt };
  }

  /**
   * The tip the block extends, read under the writer lock: our own when no other process wrote
   * since our last block (the usual case: nothing but the state row is read), else what the other
   * writer left, once its state checks out against its signed checkpoint and does not go back.
   */
  async #storedTip(trx: Transaction<Database>): Promise<LedgerTip> {
    const stored = await repo.readState(trx);
    const tip = this.#tip;
    if (stored && stored.blockHeight === tip.blockHeight && sameFrontier(stored, tip.state)) return tip;
    try {
      const checkpoint = await repo.lastCheckpoint(trx);
      if (!stored || !checkpoint) throw new LedgerIntegrityError("树状态或检查点在运行中消失");
      if (stored.blockHeight < tip.blockHeight || stored.treeSize < tip.state.size) {
        throw new LedgerIntegrityError(`树状态从第 ${tip.blockHeight} 块（大小 ${tip.state.size}）回退到第 ${stored.blockHeight} 块（大小 ${stored.treeSize}）`);
      }
      this.#tip = tipOf(stored, checkStateAgainstCheckpoint(stored, checkpoint, this.#expected));
      return this.#tip;
    } catch (error) {
      if (error instanceof LedgerIntegrityError) {
        this.#broken = error;
        this.#log?.error({ err: error }, "ledger state no longer checks out; appends are refused");
      }
      throw error;
    }
  }

  #publish(checkpoint: StoredCheckpoint): void {
    for (const listener of this.#listeners) {
      try {
        Promise.resolve(listener(checkpoint)).catch((error) => this.#log?.error({ err: error }, "checkpoint listener failed"));
      } catch (error) {
        this.#log?.error({ err: error }, "checkpoint listener failed");
      }
    }
  }

  // ---- reading ----

  async latestCheckpoint(): Promise<StoredCheckpoint | null> {
    const row = await repo.lastCheckpoint(this.#db);
    return row ? toStored(row) : null;
  }

  async checkpointOfBlock(blockHeight: number): Promise<StoredCheckpoint | null> {
    if (!Number.isSafeInteger(blockHeight) || blockHeight < 1) return null;
    const row = await repo.checkpointOfBlock(this.#db, blockHeight);
    return row ? toStored(row) : null;
  }

  async #latestOrThrow(): Promise<CheckpointRow> {
    const row = await repo.lastCheckpoint(this.#db);
    if (!row) throw new LedgerQueryError("not-found", "账本尚无检查点");
    return row;
  }

  /** The latest checkpoint, or the one of exactly `treeSize`, that entry `index` must be in. */
  async #checkpointHolding(index: number, treeSize?: number): Promise<CheckpointRow> {
    const checkpoint = treeSize === undefined ? await this.#latestOrThrow() : await repo.checkpointOfSize(this.#db, treeSize);
    if (!checkpoint) throw new LedgerQueryError("not-found", `没有大小为 ${treeSize} 的检查点`);
    if (!Number.isSafeInteger(index) || index < 0 || index >= checkpoint.treeSize) {
      throw new LedgerQueryError("out-of-range", `条目序号 ${index} 不在大小为 ${checkpoint.treeSize} 的树中`);
    }
    return checkpoint;
  }

  async entry(index: number): Promise<Uint8Array | null> {
    if (!Number.isSafeInteger(index) || index < 0) return null;
    return (await repo.entry(this.#db, index))?.entry ?? null;
  }

  async blockHeightOf(index: number): Promise<number | null> {
    if (!Number.isSafeInteger(index) || index < 0) return null;
    return (await repo.entry(this.#db, index))?.blockHeight ?? null;
  }

  async recentEntries(limit: number): Promise<ChainEntrySummary[]> {
    const rows = await repo.recentEntries(this.#db, Math.max(1, Math.min(100, Math.floor(limit))));
    return rows.map((row) => ({ ...row, leafHash: encodeHex(row.leafHash) }));
  }

  async inclusionProof(index: number, treeSize?: number): Promise<InclusionProofAnswer> {
    const checkpoint = await this.#checkpointHolding(index, treeSize);
    const stored = (await repo.entry(this.#db, index))!;
    const proof = await generateInclusionProof(index, checkpoint.treeSize, storedNodeReader(this.#db, checkpoint.treeSize, this.#tiles), sha256);
    return { index, treeSize: checkpoint.treeSize, leafHash: encodeHex(stored.leafHash), proof: proof.map(encodeBase64), checkpoint: checkpoint.note };
  }

  async consistencyProof(oldSize: number, newSize: number): Promise<ConsistencyProofAnswer> {
    const latest = await this.#latestOrThrow();
    if (!Number.isSafeInteger(oldSize) || !Number.isSafeInteger(newSize) || oldSize < 1 || oldSize > newSize || newSize > latest.treeSize) {
      throw new LedgerQueryError("out-of-range", `一致性证明要求 1 ≤ oldSize ≤ newSize ≤ ${latest.treeSize}（当前树大小），收到 ${oldSize}、${newSize}`);
    }
    const proof = await generateConsistencyProof(oldSize, newSize, storedNodeReader(this.#db, newSize, this.#tiles), sha256);
    return { oldSize, newSize, proof: proof.map(encodeBase64) };
  }

  async proofBundle(index: number, treeSize?: number): Promise<string> {
    const checkpoint = await this.#checkpointHolding(index, treeSize);
    const stored = (await repo.entry(this.#db, index))!;
    const bundle = await createProofBundle({
      index,
      leafHash: stored.leafHash,
      signedCheckpoint: checkpoint.note,
      getNodeHash: storedNodeReader(this.#db, checkpoint.treeSize, this.#tiles),
    }, sha256);
    return formatProofBundle(bundle);
  }

  /**
   * A C2SP tlog-tiles resource for the latest checkpoint: hash tile or entry bundle `tile`, or null
   * when the tree does not (yet) have that many hashes there.
   */
  async tile(kind: "hashes" | "entries", tile: TileId): Promise<Uint8Array | null> {
    const { treeSize } = await this.#latestOrThrow();
    const available = tileInTree(kind === "entries" ? 0 : tile.level, tile.index, treeSize);
    if (!available || available.width < tile.width) return null;
    if (kind === "hashes") return readStoredTile(this.#db, tile, this.#tiles);
    const entries = await repo.entries(this.#db, tile.index * TILE_WIDTH, tile.width);
    return entries.length === tile.width ? encodeEntryBundle(entries) : null;
  }
}
