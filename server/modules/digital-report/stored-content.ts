import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { inflateRawSync } from "node:zlib";
import type { PackageCheckTools } from "../../../src/verification/package-zip.js";

/** What a report recomputes from an evidence's stored bytes; `bytes` only where a package check reads them whole. */
export interface StoredContent {
  readonly sha256: string;
  readonly sm3: string;
  readonly size: number;
  readonly bytes: Buffer | null;
}

/**
 * Digests of the stored bytes as they are now, read from the blob store (never from the record's
 * columns). A large original is streamed; a package (WACZ, recording ZIP), whose checks open it
 * as a whole, is kept in memory as well.
 */
export async function readStoredContent(stream: Readable, keepBytes: boolean): Promise<StoredContent> {
  const sha256 = createHash("sha256");
  const sm3 = createHash("sm3");
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    sha256.update(buffer);
    sm3.update(buffer);
    size += buffer.length;
    if (keepBytes) kept.push(buffer);
  }
  return { sha256: sha256.digest("hex"), sm3: sm3.digest("hex"), size, bytes: keepBytes ? Buffer.concat(kept) : null };
}

/** The package checks' primitives over node:crypto and zlib, as the offline verifier passes them. */
export const NODE_PACKAGE_TOOLS: PackageCheckTools = {
  sha256: (data) => createHash("sha256").update(data).digest("hex"),
  sm3: (data) => createHash("sm3").update(data).digest("hex"),
  inflateRaw: (data) => inflateRawSync(data),
};
