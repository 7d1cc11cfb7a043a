import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { QueueDepth } from "../../jobs/job-queues.js";
import { durableTransaction, isWriteConflict, lockForTransaction } from "../../db/dialect.js";
import { CheckpointSigner } from "../../ledger/checkpoint-signer.js";
import { CompactRange } from "../../ledger/compact-range.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { encodeBase64, encodeHex } from "../../../isomorphic/ledger/encoding.js";
import { encodeEntryBundle, MAX_ENTRY_SIZE } from "../../ledger/entry-bundle.js";
import { EMPTY_TREE_ROOT, hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { generateInclusionProof } from "../../../isomorphic/ledger/inclusion.js";
import { formatKeyId, parseVerifierKey, type NoteVerifier } from "../../../isomorphic/ledger/note-keys.js";
import { createProofBundle, formatProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { TILE_HEIGHT, TILE_WIDTH, tileInTree, type TileId } from "../../ledger/tiles.js";
import { nodeLedgerCrypto, sha256 } from "../../ledger/node-crypto.js";
import { BlockQueue } from "./block-queue.js";
import { LedgerClosedError, LedgerQueryError, StaleLedgerStateError } from "./ledger-errors.js";
import { checkStoredLedger, type CheckedLedger } from "./ledger-integrity.js";
import type { LedgerKey } from "./ledger-signer-key.js";
import { ledgerRepository as repo, type CheckpointRow, type NewEntryRow, type NodeRow } from "./ledger.repository.js";
import type {
  ChainEntrySummary,
  ConsistencyProofAnswer,
  InclusionProofAnswer,
  LedgerPort,
  LedgerReceipt,
  StoredCheckpoint,
} from "./ledger.types.js";
import { FullTileCache, readStoredTile, storedNodeReader } from "./stored-tiles.js";

/** Blocks close after this many entries or this long after their first entry (DESIGN.md §6). */
export const BLOCK_MAX_ENTRIES = 256;
export const BLOCK_MAX_DELAY_MS = 500;
/** Two processes on one database must not both extend the same tree. */
const WRITER_LOCK = "hengzheng-ledger-writer";
const STALE_RETRIES = 3;

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

/**
 * The evidence ledger (DESIGN.md §6) over the pure libraries in isomorphic/ledger and server/ledger.
 * Appends wait in a queue and are integrated in blocks; each block is one durable transaction
 * holding its entries, the tile-row nodes it completed, its checkpoint (signed only after the signer
 * has checked it against the previous one) and the new tree state. Appends resolve only after that commit.
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
  readonly #queue: BlockQueue<Uint8Array, LedgerReceipt>;
  readonly #tiles = new FullTileCache();
  readonly #listeners = new Set<CheckpointListener>();
  #range: CompactRange = CompactRange.empty();
  #blockHeight = 0;
  #signer!: CheckpointSigner;
  #closed = false;
  /** Set when the stored ledger no longer checks out after a failed block: no more appends. */
  #broken: Error | null = null;

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
      integrate: (entries) => this.#integrate(entries),
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
    return this.#queue.push(Uint8Array.from(entry));
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

  async #load(): Promise<void> {
    const expected = { origin: this.origin, verifier: this.#verifier };
    let checked = await checkStoredLedger(this.#db, expected);
    if (!checked) {
      await this.#signEmptyTree();
      checked = (await checkStoredLedger(this.#db, expected))!;
    }
    this.#adopt(checked);
  }

  #adopt({ state, checkpoint }: CheckedLedger): void {
    this.#range = CompactRange.fromState({ size: state.treeSize, hashes: state.frontier });
    this.#blockHeight = state.blockHeight;
    this.#signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer], lastSigned: checkpoint.note });
  }

  /** Block 0: the empty tree, so /ledger/checkpoint answers from the first start on. */
  async #signEmptyTree(): Promise<void> {
    const createdAt = this.#now();
    await durableTransaction(this.#db, async (trx) => {
      await lockForTransaction(trx, WRITER_LOCK);
      if (await repo.readState(trx)) return; // another process started the log meanwhile
      const signer = new CheckpointSigner({ origin: this.origin, signers: [this.#key.signer] });
      const note = await signer.sign({ size: 0, rootHash: EMPTY_TREE_ROOT });
      await repo.insertCheckpoint(trx, { blockHeight: 0, treeSize: 0, rootHash: encodeBase64(EMPTY_TREE_ROOT), note, createdAt });
      await repo.writeState(trx, { treeSize: 0, frontier: [], blockHeight: 0 }, createdAt);
    });
  }

  async #integrate(entries: Uint8Array[]): Promise<LedgerReceipt[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#integrateOnce(entries);
      } catch (error) {
        // The signer may have signed a checkpoint that was never stored, and another process may
        // have moved the log on: start again from what the database holds, and try again if that
        // was the reason.
        await this.#reload();
        const conflict = error instanceof StaleLedgerStateError || isWriteConflict(error);
        if (!conflict || attempt >= STALE_RETRIES) throw error;
      }
    }
  }

  async #reload(): Promise<void> {
    try {
      this.#adopt((await checkStoredLedger(this.#db, { origin: this.origin, verifier: this.#verifier }))!);
    } catch (error) {
      this.#broken = error as Error;
      this.#log?.error({ err: error }, "ledger state no longer checks out; appends are refused");
    }
  }

  async #integrateOnce(entries: Uint8Array[]): Promise<LedgerReceipt[]> {
    const oldSize = this.#range.size;
    const height = this.#blockHeight + 1;
    const range = CompactRange.fromState(this.#range.state());
    const rows: NewEntryRow[] = [];
    const nodes: NodeRow[] = [];
    const keepTileRow = (level: number, index: number, hash: Uint8Array) => {
      if (level > 0 && level % TILE_HEIGHT === 0) nodes.push({ level, index, hash });
    };
    for (const entry of entries) {
      const leafHash = hashLeaf(entry, sha256);
      rows.push({ index: range.size, entry, leafHash });
      range.append(leafHash, keepTileRow);
    }
    const treeSize = range.size;
    const rootHash = range.root();
    const createdAt = this.#now();

    const note = await durableTransaction(this.#db, async (trx) => {
      await lockForTransaction(trx, WRITER_LOCK);
      const stored = await repo.readState(trx);
      if (!stored || stored.treeSize !== oldSize || stored.blockHeight !== height - 1) {
        throw new StaleLedgerStateError(`stored tree is at size ${stored?.treeSize}, block ${stored?.blockHeight}; expected ${oldSize}, ${height - 1}`);
      }
      await repo.insertEntries(trx, rows, height, createdAt);
      await repo.insertNodes(trx, nodes);
      // The signer checks the new root against the last signed one with a consistency proof read
      // from the nodes just written, so a wrong tree state or a wrong node never gets signed.
      const signed = await this.#signer.sign({ size: treeSize, rootHash }, (from, to) => generateConsistencyProof(from, to, storedNodeReader(trx, to), sha256));
      await repo.insertCheckpoint(trx, { blockHeight: height, treeSize, rootHash: encodeBase64(rootHash), note: signed, createdAt });
      await repo.writeState(trx, { treeSize, frontier: [...range.state().hashes], blockHeight: height }, createdAt);
      return signed;
    });
    this.#range = range;
    this.#blockHeight = height;
    this.#publish({ blockHeight: height, treeSize, rootHash: encodeBase64(rootHash), note, createdAt });
    return rows.map((row) => ({ index: row.index, leafHash: encodeHex(row.leafHash), blockHeight: height, checkpoint: note, treeSize, integratedAt: createdAt }));
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
