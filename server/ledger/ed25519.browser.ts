/**
 * The browser twin of ed25519.ts, over @noble/ed25519 (synchronous once given SHA-512; WebCrypto's
 * Ed25519 is asynchronous and absent on plain-HTTP origins). Same exports and contracts as
 * ed25519.ts; verification is strict RFC 8032 (zip215: false), as OpenSSL's is on the server.
 */
import * as ed from "@noble/ed25519";
import { sha512 } from "@noble/hashes/sha2.js";
import type { Ed25519PrivateKey, Ed25519PublicKey } from "./ed25519.js";

ed.hashes.sha512 = sha512;

export const ED25519_SEED_SIZE = 32;
export const ED25519_PUBLIC_KEY_SIZE = 32;
export const ED25519_SIGNATURE_SIZE = 64;
export type { Ed25519PrivateKey, Ed25519PublicKey };

export function generateSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ED25519_SEED_SIZE));
}

export function privateKeyFromSeed(seed: Uint8Array): Ed25519PrivateKey {
  if (seed.length !== ED25519_SEED_SIZE) throw new RangeError("an Ed25519 seed is 32 bytes");
  const secret = Uint8Array.from(seed);
  return { publicKey: ed.getPublicKey(secret), sign: (message) => ed.sign(message, secret) };
}

/** Throws if the bytes are not a usable Ed25519 public key. */
export function publicKeyFromBytes(publicKey: Uint8Array): Ed25519PublicKey {
  if (publicKey.length !== ED25519_PUBLIC_KEY_SIZE) throw new RangeError("an Ed25519 public key is 32 bytes");
  const key = Uint8Array.from(publicKey);
  return {
    publicKey: key,
    verify: (message, signature) => {
      if (signature.length !== ED25519_SIGNATURE_SIZE) return false;
      try {
        return ed.verify(signature, message, key, { zip215: false });
      } catch {
        return false;
      }
    },
  };
}
