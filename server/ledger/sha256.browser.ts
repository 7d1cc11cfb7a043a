/**
 * The browser twin of sha256.ts: synchronous SHA-256 from @noble/hashes, because the ledger's
 * checks are synchronous and WebCrypto's digest is neither synchronous nor available on plain-HTTP
 * origins. Same signature as sha256.ts; chosen by the client build (vite-browser-twins.ts).
 */
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = nobleSha256.create();
  for (const part of parts) hash.update(part);
  return hash.digest();
}
