/**
 * Shared helpers for the ledger tests: the public known-answer vectors (copied into
 * tests/fixtures/vectors with their licences, so the repository stands alone), small real trees,
 * and a "one-leaf" virtual tree that stands for trees of up to 2^53 - 1 leaves without storing them.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { TILE_HEIGHT, TILE_WIDTH, type TileId } from "../../../server/ledger/tiles.js";
import { EMPTY_TREE_ROOT, HASH_SIZE, hashChildren, hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import type { NodeHashReader } from "../../../isomorphic/ledger/proof-plan.js";
import { largestPowerOfTwoBelow, perfectSubtrees, type NodeId } from "../../../isomorphic/ledger/tree-math.js";
import { MemoryNodeStore } from "../../support/memory-node-store.js";

export const VECTORS = path.resolve(import.meta.dirname, "../../fixtures/vectors");

export function readVector<T>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(VECTORS, relative), "utf8")) as T;
}

/** Every JSON file below `relative`, as paths relative to VECTORS, sorted. */
export function listVectors(relative: string): string[] {
  const root = path.join(VECTORS, relative);
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".json"))
    .map((file) => path.join(relative, file))
    .sort();
}

export const fromBase64 = (text: string | null | undefined): Uint8Array => new Uint8Array(Buffer.from(text ?? "", "base64"));
export const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "hex"));
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** The eight leaf inputs of RFC 6962's test tree. */
export const RFC6962_LEAVES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map(fromHex);

/** A copy of `bytes` with bit `bit` (0 = most significant bit of byte 0) flipped. */
export function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[Math.floor(bit / 8)] ^= 0x80 >> bit % 8;
  return copy;
}

/** A real tree (of `size` distinct leaves, or of the given leaves) with every perfect subtree stored. */
export function buildTree(sizeOrLeaves: number | Uint8Array[]) {
  const leaves = typeof sizeOrLeaves === "number" ? Array.from({ length: sizeOrLeaves }, (_, i) => new TextEncoder().encode(`leaf-${i}`)) : sizeOrLeaves;
  const leafHashes = leaves.map((leaf) => hashLeaf(leaf, sha256));
  const store = new MemoryNodeStore();
  CompactRange.empty().appendAll(leafHashes, store.put);
  /** The root of the first n leaves, folded from the stored perfect subtrees of [0, n). */
  const rootAt = (n: number) => foldRoot(perfectSubtrees(0, n).map(({ level, index }) => store.get(level, index)));
  return { leaves, leafHashes, store, rootAt };
}

/** RFC 9162 MTH from the perfect subtrees of [0, n), largest first: fold from the right. */
function foldRoot(nodes: Uint8Array[]): Uint8Array {
  let root = nodes[nodes.length - 1];
  for (let i = nodes.length - 2; i >= 0; i -= 1) root = hashChildren(nodes[i], root, sha256);
  return root;
}

/**
 * A virtual tree in which every leaf hash is `base` except leaf `special`. Any perfect subtree hash
 * costs at most `level` hashes, so trees near 2^53 leaves can be proven and checked. Sibling hashes
 * differ from the path hashes, so a proof that combines them in the wrong order fails.
 */
export class OneLeafTree {
  readonly #uniform: Uint8Array[];
  readonly #onPath: Uint8Array[];

  constructor(readonly special: number, base = hashLeaf(new Uint8Array([1]), sha256), specialHash = hashLeaf(new Uint8Array([2]), sha256)) {
    this.#uniform = [base];
    this.#onPath = [specialHash];
    for (let level = 1; level <= 53; level += 1) {
      const below = this.#uniform[level - 1];
      this.#uniform.push(hashChildren(below, below, sha256));
      const childIsLeft = Math.floor(special / 2 ** (level - 1)) % 2 === 0;
      this.#onPath.push(childIsLeft ? hashChildren(this.#onPath[level - 1], below, sha256) : hashChildren(below, this.#onPath[level - 1], sha256));
    }
  }

  nodeHash(level: number, index: number): Uint8Array {
    return Math.floor(this.special / 2 ** level) === index ? this.#onPath[level] : this.#uniform[level];
  }

  readonly reader: NodeHashReader = async (level, index) => this.nodeHash(level, index);

  root(size: number): Uint8Array {
    return foldRoot(perfectSubtrees(0, size).map(({ level, index }) => this.nodeHash(level, index)));
  }
}

/** Sizes spread over the whole range: small, around 2^31 and 2^32, and up to 2^53 - 1. */
export const anyTreeSize = fc.oneof(
  fc.integer({ min: 1, max: 300 }),
  fc.integer({ min: 2 ** 31 - 300, max: 2 ** 32 + 300 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MAX_SAFE_INTEGER - 1000, max: Number.MAX_SAFE_INTEGER }),
);

/**
 * MTH(D[n]) straight from the RFC 9162 §2.1.1 definition, over already-hashed leaves: split at the
 * largest power of two k < n, MTH = HASH(0x01 ‖ MTH(D[0:k]) ‖ MTH(D[k:n])). O(n) hashes; the
 * reference that the incremental structures are checked against.
 */
export function merkleTreeHash(leafHashes: readonly Uint8Array[]): Uint8Array {
  if (leafHashes.length === 0) return EMPTY_TREE_ROOT;
  const rangeHash = (begin: number, end: number): Uint8Array => {
    if (end - begin === 1) return leafHashes[begin];
    const split = largestPowerOfTwoBelow(end - begin);
    return hashChildren(rangeHash(begin, begin + split), rangeHash(begin + split, end), sha256);
  };
  return rangeHash(0, leafHashes.length);
}

/** The perfect subtrees whose hashes make up `tile`, in order (C2SP tlog-tiles). */
export function tileNodes(tile: TileId): NodeId[] {
  const level = tile.level * TILE_HEIGHT;
  return Array.from({ length: tile.width }, (_, i) => ({ level, index: tile.index * TILE_WIDTH + i }));
}

/** A tile's bytes: its hashes concatenated, as the server's repository reads them. */
export function encodeTile(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length < 1 || hashes.length > TILE_WIDTH || hashes.some((hash) => hash.length !== HASH_SIZE)) {
    throw new RangeError("a tile holds 1 to 256 hashes of 32 bytes");
  }
  return Uint8Array.from(hashes.flatMap((hash) => [...hash]));
}

/** Property tests hash a lot; a loaded CI machine must not turn them into timeouts. */
export const PROPERTY_TIMEOUT = 60_000;
