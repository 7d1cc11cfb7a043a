/**
 * The hashes a block of entries brings to the tree by itself: each entry's leaf hash, and every
 * perfect subtree lying wholly among the block's leaves once its first leaf lands at index `start`.
 * They depend on the entries and `start` alone, not on the tree before the block, so they can be
 * computed away from the writer (on a thread, while the previous block commits); appending the
 * block (`CompactRange.append` with `blockHashes.node` as its lookup) then only hashes the few nodes
 * that join the block to the tree before it.
 */
import { HASH_SIZE, hashChildren, hashLeaf } from "../../isomorphic/ledger/hashing.js";
import { sha256 } from "./node-crypto.js";

/** A block's entries in one buffer: entry i is bytes[ends[i - 1] ?? 0, ends[i]). */
export interface PackedEntries {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

const ARENA_START_SIZE = 128 * 1024;

/**
 * The entries of the block being filled, each copied once, one after another, into shared memory:
 * the copy an append keeps (so a caller reusing its buffer cannot change it) is already the block's
 * packed bytes, which the hashing and writer threads read where they lie.
 */
export class EntryArena {
  #bytes = new Uint8Array(new SharedArrayBuffer(ARENA_START_SIZE));
  #used = 0;
  #ends: number[] = [];

  /** Copies `entry` in; answers how many entries the arena holds now. */
  add(entry: Uint8Array): number {
    if (this.#used + entry.length > this.#bytes.length) {
      // The block's entries so far move with it: the packed bytes are always the newest memory.
      const bigger = new Uint8Array(new SharedArrayBuffer(Math.max(2 * this.#bytes.length, this.#used + entry.length)));
      bigger.set(this.#bytes.subarray(0, this.#used));
      this.#bytes = bigger;
    }
    this.#bytes.set(entry, this.#used);
    return this.#ends.push((this.#used += entry.length));
  }

  /** The entries added since the last seal, packed; the next entry starts a new arena. */
  seal(): PackedEntries {
    const packed = { bytes: this.#bytes.subarray(0, this.#used), ends: Uint32Array.from(this.#ends) };
    this.#bytes = new Uint8Array(new SharedArrayBuffer(Math.max(ARENA_START_SIZE, this.#used)));
    this.#used = 0;
    this.#ends = [];
    return packed;
  }
}

/** Tree level `level`'s nodes inside the block: indexes [first, first + nodes), stored from hash number `offset`. */
interface LevelSpan {
  readonly first: number;
  readonly nodes: number;
  readonly offset: number;
}

function levelSpans(start: number, count: number): LevelSpan[] {
  const spans: LevelSpan[] = [];
  let offset = 0;
  for (let width = 1; ; width *= 2) {
    const first = Math.ceil(start / width);
    const nodes = Math.floor((start + count) / width) - first;
    // A level with no node inside has none above it either (each would hold two of its nodes).
    if (nodes <= 0) return spans;
    spans.push({ first, nodes, offset });
    offset += nodes;
  }
}

export class BlockHashes {
  readonly #spans: LevelSpan[];
  /** The hashes as a Buffer, so each leaf hash bound to a statement is a Buffer already. */
  readonly #buffer: Buffer;
  #leafHashesHex: string | null = null;

  /** `bytes`: the hashes level by level, leaves first (as `compute` lays them out). */
  constructor(readonly start: number, readonly count: number, readonly bytes: Uint8Array) {
    this.#buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#spans = levelSpans(start, count);
    const last = this.#spans.at(-1);
    const hashes = last ? last.offset + last.nodes : 0;
    if (bytes.length !== hashes * HASH_SIZE) throw new RangeError(`${count} entries from index ${start} have ${hashes} block hashes, got ${bytes.length} bytes`);
  }

  static compute(entries: PackedEntries, start: number): BlockHashes {
    const count = entries.ends.length;
    const spans = levelSpans(start, count);
    const last = spans.at(-1);
    const bytes = new Uint8Array((last ? last.offset + last.nodes : 0) * HASH_SIZE);
    const hashAt = (offset: number) => bytes.subarray(offset * HASH_SIZE, (offset + 1) * HASH_SIZE);
    for (let i = 0, from = 0; i < count; from = entries.ends[i], i += 1) {
      bytes.set(hashLeaf(entries.bytes.subarray(from, entries.ends[i]), sha256), i * HASH_SIZE);
    }
    for (let level = 1; level < spans.length; level += 1) {
      const below = spans[level - 1];
      const { first, nodes, offset } = spans[level];
      for (let n = 0; n < nodes; n += 1) {
        const left = below.offset + 2 * (first + n) - below.first;
        bytes.set(hashChildren(hashAt(left), hashAt(left + 1), sha256), (offset + n) * HASH_SIZE);
      }
    }
    return new BlockHashes(start, count, bytes);
  }

  /** The leaf hash of the block's entry `i` (0-based within the block). */
  leafHash(i: number): Buffer {
    return this.#buffer.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE);
  }

  /** The same, as lowercase hex (what a receipt carries): slices of one hex string of all of them. */
  leafHashHex(i: number): string {
    this.#leafHashesHex ??= this.#buffer.toString("hex", 0, this.count * HASH_SIZE);
    return this.#leafHashesHex.slice(i * 2 * HASH_SIZE, (i + 1) * 2 * HASH_SIZE);
  }

  /** The hash of perfect subtree (level, index) when it lies wholly in the block, else undefined. */
  node(level: number, index: number): Uint8Array | undefined {
    const span = this.#spans[level];
    if (!span || index < span.first || index >= span.first + span.nodes) return undefined;
    const at = (span.offset + index - span.first) * HASH_SIZE;
    return this.bytes.subarray(at, at + HASH_SIZE);
  }
}
