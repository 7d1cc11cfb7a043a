import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import type { QueueDepth } from "../../jobs/job-queues.js";
import { durableTransaction, isWriteConflict, sqliteFileOf, type WriterLock } from "../../db/dialect.js";
import { CheckpointSigner } from "../../ledger/checkpoint-signer.js";
import type { Checkpoint } from "../../../isomorphic/ledger/checkpoint.js";
import type { CompactRangeState } from "../../ledger/compact-range.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { encodeBase64, encodeHex } from "../../../isomorphic/ledger/encoding.js";
import { encodeEntryBundle, MAX_ENTRY_SIZE } from "../../ledger/entry-bundle.js";
import { EMPTY_TREE_ROOT, hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { generateInclusionProof } from "../../../isomorphic/ledger/inclusion.js";
import { formatKeyId, parseVerifierKey, type NoteVerifier } from "../../../isomorphic/ledger/note-keys.js";
import { createProofBundle, formatProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { TILE_HEIGHT, TILE_WIDTH, tileInTree, type TileId } from "../../ledger/tiles.js";
import { EntryArena, type BlockHashes, type PackedEntries } from "../../ledger/block-hashes.js";
import { blockHashingThread } from "../../ledger/block-hashing-thread.js";
import { nodeLedgerCrypto, sha256 } from "../../ledger/node-crypto.js";
import { BlockQueue } from "./block-queue.js";
import { blockWriterThread } from "./block-writer-thread.js";
import { LedgerClosedError, LedgerIntegrityError, LedgerQueryError } from "./ledger-errors.js";
import { checkStateAgainstCheckpoint, checkStoredLedger } from "./ledger-integrity.js";
import type { LedgerKey } from "./ledger-signer-key.js";
import { ledgerRepository as repo, sameState, type BlockRecord, type CheckpointRow, type NodeRow, type StoredState } from "./ledger.repository.js";
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
/**
 * Smaller blocks are written on the ledger's own connection: the writer thread pays off when
 * blocks come back to back, and a quiet process (most tests) never starts it.
 */
const WRITER_THREAD_MIN_ENTRIES = 32;

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

const storedStateOf = (tip: LedgerTip): StoredState => ({ treeSize: tip.state.size, frontier: [...tip.state.hashes], blockHeight: tip.blockHeight });

/** A block as it closes: its entries, packed, and their hashes on the way (server/ledger/block-hashes.ts). */
interface ClosedBlock {
  readonly entries: PackedEntries;
  readonly hashing: Promise<BlockHashes>;
}

/** A block built and signed on a tip, ready to store: what it stores, and what its receipts share. */
interface BuiltBlock {
  readonly record: BlockRecord;
  /** The tip once it is stored. */
  readonly tip: LedgerTip;
  readonly checkpoint: StoredCheckpoint;
}

/**
 * The evidence ledger (DESIGN.md §6) over the pure libraries in isomorphic/ledger and server/ledger.
 * Appends wait in a queue and are integrated in blocks; each block is one durable transaction
 * holding its entries, the tile-row nodes it completed, its checkpoint (signed only after the signer
 * has checked it against the previous one) and the new tree state. Appends resolve only after that commit.
 * A block's own hashes are computed on a thread as soon as it closes (server/ledger/block-hashes.ts),
 * while the blocks before it commit; only the joins to the earlier tree are hashed when it is built.
 * On a SQLite file, blocks arriving back to back are stored by a writer thread with a connection of
 * its own (block-writer-thread.ts): while it stores one block, this thread answers the appends of
 * the block before and builds and signs the next on the tip the first will leave. The thread
 * stores a block only if the stored state is still the one it was built on, so a block built on
 * one that failed, or that another process overtook, is never stored: it is built again here.
 * Any number of processes may append to one database: a block written here is built under the
 * writer lock from the stored tip (#writeHere), so they take turns and each extends what the last
 * one left. Reads (tiles, proofs, checkpoints) come from the database, so any process sharing it
 * serves the same log.
 */
export class LedgerService implements LedgerPort {
  readonly origin: string;
  readonly verifierKey: string;
  readonly #db: Kysely<Database>;
  readonly #key: LedgerKey;
  readonly #verifier: NoteVerifier;
  readonly #now: () => number;
  readonly #log: LedgerServiceOptions["log"];
  readonly #queue: BlockQueue<number, LedgerReceipt, ClosedBlock>;
  readonly #tiles = new FullTileCache();
  readonly #listeners = new Set<CheckpointListener>();
  /** The stored tip as far as this process knows: after the last block it stored or read. */
  #committed!: LedgerTip;
  /**
   * What the next block sent to the writer thread extends: #committed and the blocks on the thread
   * after it. Null while unknown (a block on the thread was not stored), until a block written
   * here has settled with nothing on the thread.
   */
  #building: LedgerTip | null = null;
  /** On a SQLite file, its path: big blocks are stored by the writer thread. */
  readonly #file: string | null;
  /** Blocks sent to the writer thread and not yet settled. */
  #onThread = 0;
  /** Settles once the last block started and every block before it have settled. */
  #lastSettled: Promise<void> = Promise.resolve();
  /**
   * Entries of the blocks closed but not yet in #committed: the next block to close is hashed for
   * the index it will start at if all of them are stored (a guess a failed block or another writer
   * spoils, which only costs hashing that block's nodes again, see #build).
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
    this.#file = sqliteFileOf(options.db);
    this.#queue = new BlockQueue({
      maxItems: options.blockMaxEntries ?? BLOCK_MAX_ENTRIES,
      maxDelayMs: options.blockMaxDelayMs ?? BLOCK_MAX_DELAY_MS,
      prepare: (items) => this.#closeBlock(items.length),
      integrate: (items, closed, passTurn) => this.#integrate(closed, passTurn),
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

  /** Whether big blocks are stored by the writer thread now (a SQLite file, once the thread is up). */
  get writesOnThread(): boolean {
    return this.#file !== null && blockWriterThread.ready;
  }

  /** Appends waiting for their block, being integrated, and lost with a failed block (this process). */
  queueDepth(): QueueDepth {
    return this.#queue.depth();
  }

  /** Stops taking appends and integrates those already waiting. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue.flush();
    if (this.#file) blockWriterThread.release(this.#file);
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
    this.#committed = tipOf(checked.state, checked.parsed);
    this.#building = this.#committed;
  }

  /** Block 0: the empty tree, so /ledger/checkpoint answers from the first start on. */
  async #signEmptyTree(trx: Transaction<Database>): Promise<void> {
    const createdAt = this.#now();
    const signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer] });
    const note = await signer.sign({ size: 0, rootHash: EMPTY_TREE_ROOT });
    await repo.writeBlock(trx, {
      entries: { firstIndex: 0, entries: { bytes: new Uint8Array(0), ends: new Uint32Array(0) } },
      nodes: [],
      checkpoint: { blockHeight: 0, treeSize: 0, rootHash: encodeBase64(EMPTY_TREE_ROOT), note, createdAt },
      state: { treeSize: 0, frontier: [], blockHeight: 0 },
    });
  }

  /**
   * Starts hashing a block as it closes, off this thread, while the blocks before it commit. Never
   * rejects unawaited: the hashes are awaited only in the block's turn.
   */
  #closeBlock(count: number): ClosedBlock {
    const entries = this.#arena.seal();
    if (entries.ends.length !== count) throw new Error(`a closing block of ${count} entries found ${entries.ends.length} in its arena`);
    const hashing = blockHashingThread.hash(entries, this.#committed.state.size + this.#closedEntries);
    this.#closedEntries += count;
    hashing.catch(() => undefined);
    return { entries, hashing };
  }

  /**
   * A block's turn and its settling. Blocks settle in order: each waits for the one before, so
   * when a block is written here every block before it has settled, and a block on the writer
   * thread is answered in the order it was sent.
   */
  async #integrate({ entries, hashing }: ClosedBlock, passTurn: () => void): Promise<LedgerReceipt[]> {
    const previous = this.#lastSettled;
    let settle!: () => void;
    this.#lastSettled = new Promise((resolve) => (settle = resolve));
    const count = entries.ends.length;
    try {
      const hashes = await hashing;
      const file = this.#file;
      const tip = this.#building;
      const block =
        file && tip && count >= WRITER_THREAD_MIN_ENTRIES && blockWriterThread.available
          ? await this.#writeOnThread(file, tip, entries, hashes, previous, passTurn)
          : await previous.then(() => this.#writeHere(entries, hashes));
      return Array.from({ length: count }, (_, i) => ({
        index: block.record.entries.firstIndex + i,
        leafHash: hashes.leafHashHex(i),
        blockHeight: block.checkpoint.blockHeight,
        checkpoint: block.checkpoint.note,
        treeSize: block.checkpoint.treeSize,
        integratedAt: block.checkpoint.createdAt,
      }));
    } catch (error) {
      this.#closedEntries -= count;
      throw error;
    } finally {
      await previous;
      settle();
    }
  }

  /**
   * Sends the block, built on `tip`, to the writer thread; passes the turn once the block before
   * has settled (so at most two blocks are on the thread), and settles with the thread's answer.
   * Not stored because its tip was not (a block before it failed, another process wrote first),
   * it is written here instead, from the stored tip.
   */
  async #writeOnThread(file: string, tip: LedgerTip, entries: PackedEntries, hashes: BlockHashes, previous: Promise<void>, passTurn: () => void): Promise<BuiltBlock> {
    const block = await this.#build(tip, entries, hashes);
    this.#building = block.tip;
    this.#onThread += 1;
    try {
      const writing = blockWriterThread.write(file, storedStateOf(tip), block.record);
      writing.catch(() => undefined);
      await previous;
      passTurn();
      let outcome;
      try {
        outcome = await writing;
        if (outcome === "unknown") outcome = (await this.#isStored(block)) ? "stored" : "stale";
      } catch (error) {
        this.#building = null;
        if (!isWriteConflict(error)) throw error;
        outcome = "stale";
      }
      if (outcome === "stale") {
        this.#building = null;
        return await this.#writeHere(entries, hashes);
      }
      this.#stored(block);
      return block;
    } finally {
      this.#onThread -= 1;
    }
  }

  /** Whether a block the writer thread did not answer for was stored: its checkpoint is. */
  async #isStored(block: BuiltBlock): Promise<boolean> {
    const stored = await repo.checkpointOfBlock(this.#db, block.checkpoint.blockHeight);
    return stored?.rootHash === block.checkpoint.rootHash;
  }

  /** Writes the block on this process's own connection, retrying when another writer got in the way. */
  async #writeHere(entries: PackedEntries, hashes: BlockHashes): Promise<BuiltBlock> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const block = await this.#writeBlock(entries, hashes);
        // No block sent to the thread is unsettled (one that is may have been built on a tip that
        // was never stored, and be about to be built again): the next block sent there extends this one.
        if (this.#onThread === 0) this.#building = block.tip;
        return block;
      } catch (error) {
        // SQLite busy (another process on the same file) or a PostgreSQL serialization failure:
        // nothing of the block was stored, and the next attempt re-reads the tip under the lock.
        if (!isWriteConflict(error) || attempt >= WRITE_CONFLICT_RETRIES) throw error;
      }
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
  async #writeBlock(entries: PackedEntries, hashes: BlockHashes): Promise<BuiltBlock> {
    const block = await durableTransaction(this.#db, async (trx) => {
      const built = await this.#build(await this.#storedTip(trx), entries, hashes);
      await repo.writeBlock(trx, built.record);
      return built;
    }, BLOCK_WRITER_LOCK);
    this.#stored(block);
    return block;
  }

  /** A block is durable: it is the tip now, and its checkpoint is published. */
  #stored(block: BuiltBlock): void {
    // Only a stored block moves the tip: a failed one leaves it where the stored state still is.
    this.#committed = block.tip;
    this.#closedEntries -= block.record.entries.entries.ends.length;
    this.#publish(block.checkpoint);
  }

  /**
   * Extends `tip` by the block and signs the new checkpoint. The signer checks the new root
   * against the last signed one with the block's consistency proof, so a wrong frontier or a wrong
   * node hash never gets signed (nor anything stored).
   */
  async #build(tip: LedgerTip, entries: PackedEntries, hashes: BlockHashes): Promise<BuiltBlock> {
    const createdAt = this.#now();
    const blockHeight = tip.blockHeight + 1;
    const firstIndex = tip.state.size;
    const leafHashes = Array.from({ length: entries.ends.length }, (_, i) => hashes.leafHash(i));
    const nodes: NodeRow[] = [];
    // The block's own nodes were hashed for where it was expected to start; anywhere else, only
    // its leaf hashes still hold.
    const known = hashes.start === firstIndex ? (level: number, index: number) => hashes.node(level, index) : undefined;
    const extension = extendTree(tip.state, leafHashes, (level, index, hash) => {
      if (level > 0 && level % TILE_HEIGHT === 0) nodes.push({ level, index, hash });
    }, known);
    const treeSize = extension.range.size;
    const signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer], lastSigned: tip.checkpoint });
    const note = await signer.sign({ size: treeSize, rootHash: extension.root }, extension.consistencyProof);
    const state = extension.range.state();
    const checkpoint = { blockHeight, treeSize, rootHash: encodeBase64(extension.root), note, createdAt };
    const built: LedgerTip = { blockHeight, state, checkpoint: signer.lastSigned! };
    return { record: { entries: { firstIndex, entries }, nodes, checkpoint, state: storedStateOf(built) }, tip: built, checkpoint };
  }

  /**
   * The tip the block extends, read under the writer lock: our own when no other process wrote
   * since our last block (the usual case: nothing but the state row is read), else what the other
   * writer left, once its state checks out against its signed checkpoint and does not go back.
   */
  async #storedTip(trx: Transaction<Database>): Promise<LedgerTip> {
    const stored = await repo.readState(trx);
    const tip = this.#committed;
    if (stored && sameState(stored, storedStateOf(tip))) return tip;
    try {
      const checkpoint = await repo.lastCheckpoint(trx);
      if (!stored || !checkpoint) throw new LedgerIntegrityError("树状态或检查点在运行中消失");
      if (stored.blockHeight < tip.blockHeight || stored.treeSize < tip.state.size) {
        throw new LedgerIntegrityError(`树状态从第 ${tip.blockHeight} 块（大小 ${tip.state.size}）回退到第 ${stored.blockHeight} 块（大小 ${stored.treeSize}）`);
      }
      this.#committed = tipOf(stored, checkStateAgainstCheckpoint(stored, checkpoint, this.#expected));
      return this.#committed;
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
    return repo.entry(this.#db, index);
  }

  async blockHeightOf(index: number): Promise<number | null> {
    if (!Number.isSafeInteger(index) || index < 0) return null;
    return (await repo.checkpointHoldingEntry(this.#db, index))?.blockHeight ?? null;
  }

  async recentEntries(limit: number): Promise<ChainEntrySummary[]> {
    const rows = await repo.recentEntries(this.#db, Math.max(1, Math.min(100, Math.floor(limit))));
    return rows.map(({ entry, ...row }) => ({ ...row, leafHash: encodeHex(hashLeaf(entry, sha256)) }));
  }

  /** The leaf hash of stored entry `index`, which a checkpoint holding it guarantees is there. */
  async #leafHashOf(index: number): Promise<Uint8Array> {
    return hashLeaf((await repo.entry(this.#db, index))!, sha256);
  }

  async inclusionProof(index: number, treeSize?: number): Promise<InclusionProofAnswer> {
    const checkpoint = await this.#checkpointHolding(index, treeSize);
    const leafHash = await this.#leafHashOf(index);
    const proof = await generateInclusionProof(index, checkpoint.treeSize, storedNodeReader(this.#db, checkpoint.treeSize, this.#tiles), sha256);
    return { index, treeSize: checkpoint.treeSize, leafHash: encodeHex(leafHash), proof: proof.map(encodeBase64), checkpoint: checkpoint.note };
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
    const bundle = await createProofBundle({
      index,
      leafHash: await this.#leafHashOf(index),
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
