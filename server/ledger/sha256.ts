/**
 * SHA-256 over node:crypto. One of the two ledger modules tied to Node (the other is ed25519.ts);
 * the browser build swaps in sha256.browser.ts (see vite-browser-twins.ts), so the verifying half
 * of the ledger runs unchanged on the verification pages.
 */
import { createHash } from "node:crypto";

export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  const digest = hash.digest();
  // A plain Uint8Array view (not a Buffer), so every hash the ledger returns has one type.
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}
