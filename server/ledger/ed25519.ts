/**
 * Raw Ed25519 (RFC 8032) on 32-byte seeds and public keys, over node:crypto: the server's private
 * keys (the log's signer, the witness's cosigner) and its `VerifyEd25519` for the shared ledger code.
 * node:crypto only takes keys in DER form, so the raw bytes are wrapped in the fixed PKCS#8 / SPKI
 * prefixes for Ed25519 (OID 1.3.101.112).
 */
import { createPrivateKey, createPublicKey, randomBytes, sign, verify } from "node:crypto";
import { ED25519_PUBLIC_KEY_SIZE, ED25519_SIGNATURE_SIZE, type VerifyEd25519 } from "../../isomorphic/ledger/crypto.js";
import { concatBytes } from "../../isomorphic/ledger/encoding.js";

export const ED25519_SEED_SIZE = 32;

const PKCS8_PREFIX = new Uint8Array([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]);
const SPKI_PREFIX = new Uint8Array([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);

export function generateSeed(): Uint8Array {
  return new Uint8Array(randomBytes(ED25519_SEED_SIZE));
}

export interface Ed25519PrivateKey {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export function privateKeyFromSeed(seed: Uint8Array): Ed25519PrivateKey {
  if (seed.length !== ED25519_SEED_SIZE) throw new RangeError("an Ed25519 seed is 32 bytes");
  const key = createPrivateKey({ key: Buffer.from(concatBytes(PKCS8_PREFIX, seed)), format: "der", type: "pkcs8" });
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  return {
    publicKey: new Uint8Array(spki.subarray(SPKI_PREFIX.length)),
    sign: (message) => new Uint8Array(sign(null, message, key)),
  };
}

export const verifyEd25519: VerifyEd25519 = (publicKey, message, signature) => {
  if (publicKey.length !== ED25519_PUBLIC_KEY_SIZE || signature.length !== ED25519_SIGNATURE_SIZE) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(concatBytes(SPKI_PREFIX, publicKey)), format: "der", type: "spki" });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
};
