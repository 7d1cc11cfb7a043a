/**
 * The server's ledger primitives (isomorphic/ledger/crypto.ts), over node:crypto (OpenSSL). Every server
 * call into the shared ledger code passes `sha256` or `nodeLedgerCrypto` from here.
 */
import { createHash, hash as oneShotHash } from "node:crypto";
import type { LedgerCrypto } from "../../isomorphic/ledger/crypto.js";
import { HASH_SIZE } from "../../isomorphic/ledger/hashing.js";
import type { ChainDigests } from "../../isomorphic/recording/chunk-chain.js";
import { verifyEd25519 } from "./ed25519.js";

/**
 * Parts up to this size in all are copied into one scratch buffer and hashed with the one-shot
 * `crypto.hash`: the ledger hashes two small inputs per entry (the leaf, 0x00‖entry of up to 64 KiB,
 * and on average one node, 0x01‖left‖right), and a Hash object per call cost more than the digest.
 */
const SCRATCH_SIZE = 65_536 + 1;
// A plain Uint8Array: its subarray is a cheaper object than a Buffer's.
const scratch = new Uint8Array(SCRATCH_SIZE);
// The scratch's first `length` bytes, kept while calls repeat a length (a block's node hashes all
// hash 65 bytes): a view less to allocate per hash.
let scratchView = scratch.subarray(0, 0);
const scratchOf = (length: number) => (scratchView.length === length ? scratchView : (scratchView = scratch.subarray(0, length)));

const asPlainBytes = (digest: Buffer): Uint8Array => new Uint8Array(digest.buffer, digest.byteOffset, digest.length);

/**
 * Digests are kept in shared slabs, each returned as a plain Uint8Array view (not a Buffer, so every
 * hash the ledger returns has one type): the one-shot digest comes back as a string (32 "binary"
 * (latin1) characters), and writing it into a slab costs one object per hash, where a "buffer"
 * digest allocated an ArrayBuffer of its own each time (more, in allocation and garbage collection,
 * than the hash). A slab lives as long as any hash in it, like
 * Node's own buffer pool.
 */
const SLAB_SIZE = 256 * HASH_SIZE;
let slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
let slabUsed = 0;

function keepDigest(text: string): Uint8Array {
  if (slabUsed === SLAB_SIZE) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  slab.write(text, slabUsed, HASH_SIZE, "latin1");
  const digest = new Uint8Array(slab.buffer, slab.byteOffset + slabUsed, HASH_SIZE);
  slabUsed += HASH_SIZE;
  return digest;
}

export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  if (length > SCRATCH_SIZE) {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part);
    return asPlainBytes(hash.digest());
  }
  let offset = 0;
  for (const part of parts) {
    scratch.set(part, offset);
    offset += part.length;
  }
  return keepDigest(oneShotHash("sha256", scratchOf(length), "binary"));
}

export const nodeLedgerCrypto: LedgerCrypto = { sha256, verifyEd25519 };

export function sm3(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sm3");
  for (const part of parts) hash.update(part);
  return asPlainBytes(hash.digest());
}

/** The recording chunk chain's digests (isomorphic/recording/chunk-chain.ts) over node:crypto. */
export const nodeChainDigests: ChainDigests = { sha256, sm3 };
