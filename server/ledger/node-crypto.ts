/**
 * The server's ledger primitives (isomorphic/ledger/crypto.ts), over node:crypto (OpenSSL). Every server
 * call into the shared ledger code passes `sha256` or `nodeLedgerCrypto` from here.
 */
import { createHash, hash as oneShotHash } from "node:crypto";
import type { LedgerCrypto } from "../../isomorphic/ledger/crypto.js";
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

const asPlainBytes = (digest: Buffer): Uint8Array => new Uint8Array(digest.buffer, digest.byteOffset, digest.length);

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
  // The digest comes back as a 32-character "binary" (latin1) string and is copied into Node's shared buffer
  // pool: a "buffer" digest allocates an ArrayBuffer of its own each time, which cost more (in
  // allocation and garbage collection) than the hash. A plain Uint8Array view (not a Buffer), so
  // every hash the ledger returns has one type; never the scratch (no other call interleaves).
  return asPlainBytes(Buffer.from(oneShotHash("sha256", scratch.subarray(0, length), "binary"), "binary"));
}

export const nodeLedgerCrypto: LedgerCrypto = { sha256, verifyEd25519 };

export function sm3(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sm3");
  for (const part of parts) hash.update(part);
  return asPlainBytes(hash.digest());
}

/** The recording chunk chain's digests (isomorphic/recording/chunk-chain.ts) over node:crypto. */
export const nodeChainDigests: ChainDigests = { sha256, sm3 };
