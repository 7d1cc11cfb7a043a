/**
 * Merkle tree hashing of RFC 6962 §2.1 / RFC 9162 §2.1.1, with SHA-256:
 *   leaf hash  = SHA-256(0x00 ‖ leaf)
 *   node hash  = SHA-256(0x01 ‖ left ‖ right)
 *   MTH({})    = SHA-256()            (the empty tree)
 * The prefixes keep a leaf from ever being mistaken for an interior node (second-preimage defence).
 * SHA-256 itself is the caller's (crypto.ts).
 */
import type { Sha256 } from "./crypto.js";

export const HASH_SIZE = 32;

export const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);

/**
 * The root of the tree with no leaves (RFC 9162 §2.1.1: the hash of the empty string), spelled out
 * because it needs no digest at hand; tests/unit/ledger/hashing.test.ts checks it against SHA-256().
 */
export const EMPTY_TREE_ROOT: Uint8Array = Uint8Array.from(
  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855".match(/../g)!,
  (pair) => Number.parseInt(pair, 16),
);

export function hashLeaf(leaf: Uint8Array, sha256: Sha256): Uint8Array {
  return sha256(LEAF_PREFIX, leaf);
}

export function hashChildren(left: Uint8Array, right: Uint8Array, sha256: Sha256): Uint8Array {
  return sha256(NODE_PREFIX, left, right);
}
