/**
 * The server's ledger primitives (isomorphic/ledger/crypto.ts), over node:crypto (OpenSSL). Every server
 * call into the shared ledger code passes `sha256` or `nodeLedgerCrypto` from here.
 */
import { createHash } from "node:crypto";
import type { LedgerCrypto } from "../../isomorphic/ledger/crypto.js";
import type { ChainDigests } from "../../isomorphic/recording/chunk-chain.js";
import { verifyEd25519 } from "./ed25519.js";

export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  const digest = hash.digest();
  // A plain Uint8Array view (not a Buffer), so every hash the ledger returns has one type.
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}

export const nodeLedgerCrypto: LedgerCrypto = { sha256, verifyEd25519 };

export function sm3(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sm3");
  for (const part of parts) hash.update(part);
  const digest = hash.digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}

/** The recording chunk chain's digests (isomorphic/recording/chunk-chain.ts) over node:crypto. */
export const nodeChainDigests: ChainDigests = { sha256, sm3 };
