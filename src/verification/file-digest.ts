import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { Sm3 } from "../schema/sm3";
import type { FileDigests } from "./certificate-checks";

/**
 * SHA-256 and SM3 of a file, read in chunks in the browser: the file never leaves the computer and a
 * large one never sits whole in memory. Synchronous hashes (@noble, the shared SM3) because
 * WebCrypto cannot hash incrementally and is missing on plain-HTTP origins.
 */
export async function digestFile(file: Blob, onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<Required<FileDigests>> {
  const sha = sha256.create();
  const sm3 = new Sm3();
  const reader = file.stream().getReader();
  let size = 0;
  for (;;) {
    if (signal?.aborted) {
      await reader.cancel();
      throw new DOMException("cancelled", "AbortError");
    }
    const { done, value } = await reader.read();
    if (done) break;
    sha.update(value);
    sm3.update(value);
    size += value.length;
    onProgress?.(size, file.size);
  }
  return { sha256: bytesToHex(sha.digest()), sm3: sm3.digestHex(), size };
}
