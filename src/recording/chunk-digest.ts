import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * SHA-256 of a recorded chunk, lowercase hex: WebCrypto where the page has it (secure origins;
 * native, off the main thread's JS), @noble/hashes on plain-HTTP origins where crypto.subtle is absent.
 */
export async function digestChunk(data: Blob | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest("SHA-256", bytes)));
  return bytesToHex(sha256(bytes));
}
