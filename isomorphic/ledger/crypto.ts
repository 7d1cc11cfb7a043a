/**
 * The two primitives the ledger needs, passed in by whoever runs it, the way
 * src/schema/signature.ts takes its digest: node:crypto on the server (server/ledger/node-crypto.ts),
 * @noble in the browser and the offline verifier (src/verification/ledger-crypto.ts). So this folder
 * imports no platform module and both sides run the very same checks. Both are synchronous because
 * the checks are (WebCrypto is neither synchronous nor present on plain-HTTP origins).
 */

/** SHA-256 of the parts concatenated. */
export type Sha256 = (...parts: readonly Uint8Array[]) => Uint8Array;

/**
 * Ed25519 (RFC 8032, strict: no zip215 leniency, as OpenSSL) over a raw 32-byte public key and a
 * 64-byte signature. Returns false, never throws, on any bad input.
 */
export type VerifyEd25519 = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

export interface LedgerCrypto {
  readonly sha256: Sha256;
  readonly verifyEd25519: VerifyEd25519;
}

export const ED25519_PUBLIC_KEY_SIZE = 32;
export const ED25519_SIGNATURE_SIZE = 64;
