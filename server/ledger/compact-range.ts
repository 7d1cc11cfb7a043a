/**
 * The append-only frontier of a Merkle tree (a "compact range" over [0, size)).
 *
 * It keeps one hash per set bit of `size`: the roots of the perfect subtrees that make up the tree,
 * largest (leftmost) first, so at most 53 hashes up to 2^53 leaves. Appending a leaf pushes its hash
 * and merges equal-sized neighbours, which costs one node hash per trailing one-bit of the old size
 * (one on average); the root (RFC 9162 §2.1.1 MTH) folds the stored hashes from the right.
 *
 * Persistence contract: `state()` is everything needed to continue the log. The server stores it
 * with each block, in the same transaction as the block's entries and its checkpoint, and resumes
 * with `CompactRange.fromState`. Every perfect subtree completed by an append is reported to the
 * optional `onNode` callback, which is how the node store (and so the tiles) gets filled.
 */
import { EMPTY_TREE_ROOT, HASH_SIZE, hashChildren } from "../../isomorphic/ledger/hashing.js";
import { assertTreeSize, half, isOdd, MAX_TREE_SIZE, perfectSubtrees, type NodeId } from "../../isomorphic/ledger/tree-math.js";
import { sha256 } from "./node-crypto.js";

export interface CompactRangeState {
  readonly size: number;
  /** Perfect subtree roots of [0, size), largest first; one per set bit of size. */
  readonly hashes: readonly Uint8Array[];
}

/** Receives each perfect subtree as it becomes complete: leaves (level 0) and every interior node. */
export type NodeSink = (level: number, index: number, hash: Uint8Array) => void;

/** Hashes of interior nodes known beforehand (block-hashes.ts), or undefined for one to compute. */
export type KnownNodes = (level: number, index: number) => Uint8Array | undefined;

export class CompactRange {
  #size: number;
  #hashes: Uint8Array[];
  #root: Uint8Array | null = null;

  private constructor(size: number, hashes: Uint8Array[]) {
    this.#size = size;
    this.#hashes = hashes;
  }

  static empty(): CompactRange {
    return new CompactRange(0, []);
  }

  /** Resumes from a persisted state; throws if the number or size of hashes does not fit `size`. */
  static fromState(state: CompactRangeState): CompactRange {
    assertTreeSize(state.size);
    const expected = perfectSubtrees(0, state.size).length;
    if (state.hashes.length !== expected) {
      throw new RangeError(`a tree of size ${state.size} has ${expected} frontier hashes, got ${state.hashes.length}`);
    }
    if (state.hashes.some((hash) => hash.length !== HASH_SIZE)) throw new RangeError("frontier hashes must be 32 bytes");
    return new CompactRange(state.size, state.hashes.map((hash) => Uint8Array.from(hash)));
  }

  get size(): number {
    return this.#size;
  }

  state(): CompactRangeState {
    return { size: this.#size, hashes: this.#hashes.map((hash) => Uint8Array.from(hash)) };
  }

  /** The nodes `state().hashes` stand for, in the same order. */
  nodes(): NodeId[] {
    return perfectSubtrees(0, this.#size);
  }

  /** Appends one leaf hash (already `hashLeaf`-ed); a node `known` has is taken from it, not hashed. */
  append(leafHash: Uint8Array, onNode?: NodeSink, known?: KnownNodes): void {
    if (leafHash.length !== HASH_SIZE) throw new RangeError("a leaf hash must be 32 bytes");
    if (this.#size >= MAX_TREE_SIZE) throw new RangeError("the tree is full (2^53 - 1 leaves)");
    let hash = leafHash;
    let level = 0;
    let index = this.#size;
    onNode?.(level, index, hash);
    // Each trailing one-bit of the old size is a perfect subtree of the current height waiting
    // for a right sibling: merge it with the new node and carry upwards.
    for (let carry = this.#size; isOdd(carry); carry = half(carry)) {
      const left = this.#hashes.pop()!;
      level += 1;
      index = half(index);
      hash = known?.(level, index) ?? hashChildren(left, hash, sha256);
      onNode?.(level, index, hash);
    }
    this.#hashes.push(hash);
    this.#size += 1;
    this.#root = null;
  }

  appendAll(leafHashes: Iterable<Uint8Array>, onNode?: NodeSink): void {
    for (const leafHash of leafHashes) this.append(leafHash, onNode);
  }

  /** MTH of the leaves appended so far (EMPTY_TREE_ROOT for none). Cached until the next append. */
  root(): Uint8Array {
    if (this.#root) return this.#root;
    if (this.#hashes.length === 0) return EMPTY_TREE_ROOT;
    let root = this.#hashes[this.#hashes.length - 1];
    for (let i = this.#hashes.length - 2; i >= 0; i -= 1) root = hashChildren(this.#hashes[i], root, sha256);
    this.#root = root;
    return root;
  }
}
