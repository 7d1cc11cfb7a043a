import { sha256 } from "@noble/hashes/sha2.js";
import { Sm3, toHex } from "../../schema/sm3";

export interface FileDigests {
  name: string;
  size: number;
  sha256: string;
  sm3: string;
}

/** 4 MiB: large enough that per-slice overhead is negligible, small enough to keep memory flat. */
export const DIGEST_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * SHA-256 and SM3 of a file in the browser, read slice by slice (File.slice), so a file of many
 * gigabytes is hashed with a few megabytes of memory. WebCrypto's digest() takes whole buffers
 * only, hence @noble/hashes' incremental SHA-256; SM3 is ours (src/schema/sm3.ts). The file never
 * leaves the computer. Between slices the page gets the event loop back (progress, cancel).
 */
export async function digestFile(file: Blob & { name?: string }, options: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {}): Promise<FileDigests> {
  const sha = sha256.create();
  const sm3 = new Sm3();
  for (let offset = 0; offset < file.size; offset += DIGEST_CHUNK_BYTES) {
    if (options.signal?.aborted) throw new DOMException("计算已取消", "AbortError");
    const chunk = new Uint8Array(await readSlice(file.slice(offset, offset + DIGEST_CHUNK_BYTES)));
    sha.update(chunk);
    sm3.update(chunk);
    options.onProgress?.(Math.min(offset + chunk.length, file.size), file.size);
  }
  return { name: file.name ?? "", size: file.size, sha256: toHex(sha.digest()), sm3: sm3.digestHex() };
}

/** Blob.arrayBuffer where it exists; FileReader elsewhere (older browsers, jsdom). */
function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
