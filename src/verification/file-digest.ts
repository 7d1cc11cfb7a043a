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
  const hashing = new FileHashing();
  const reader = file.stream().getReader();
  for (;;) {
    if (signal?.aborted) {
      await reader.cancel();
      throw new DOMException("cancelled", "AbortError");
    }
    const { done, value } = await reader.read();
    if (done) break;
    hashing.update(value);
    onProgress?.(hashing.size, file.size);
  }
  return hashing.result();
}

const CHUNK = 4 * 1024 * 1024;

/**
 * The same digests of bytes already read whole (a capture's package, checked inside too), in chunks
 * with a pause between them so the page can show the progress.
 */
export async function digestBytes(bytes: Uint8Array, onProgress?: (done: number, total: number) => void): Promise<Required<FileDigests>> {
  const hashing = new FileHashing();
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    hashing.update(bytes.subarray(offset, offset + CHUNK));
    onProgress?.(hashing.size, bytes.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return hashing.result();
}

class FileHashing {
  private readonly sha = sha256.create();
  private readonly sm3 = new Sm3();
  size = 0;

  update(chunk: Uint8Array) {
    this.sha.update(chunk);
    this.sm3.update(chunk);
    this.size += chunk.length;
  }

  result(): Required<FileDigests> {
    return { sha256: bytesToHex(this.sha.digest()), sm3: this.sm3.digestHex(), size: this.size };
  }
}
