import path from "node:path";
import type { AppConfig } from "../config.js";
import { BlobFileCache } from "./blob-file-cache.js";
import type { BlobStore } from "./blob-store.js";
import { LocalBlobStore } from "./local-blob-store.js";
import { createS3Client, ensureBucket } from "./s3-client.js";
import { S3BlobStore } from "./s3-blob-store.js";

export type OpenedBlobStore = { store: BlobStore; close(): Promise<void> };

/**
 * The blob store the configuration asks for: an S3-compatible store when S3_* is set (its bucket
 * created if missing, and local copies for path readers under DATA_DIR/blob-cache), otherwise
 * files under DATA_DIR/blobs (the embedded default).
 */
export async function openBlobStore(config: Pick<AppConfig, "dataDir" | "s3">): Promise<OpenedBlobStore> {
  if (!config.s3) return { store: new LocalBlobStore(path.join(config.dataDir, "blobs")), close: async () => undefined };
  const client = createS3Client(config.s3);
  try {
    await ensureBucket(client, config.s3);
  } catch (error) {
    client.destroy();
    throw error;
  }
  const cache = new BlobFileCache(path.join(config.dataDir, "blob-cache"));
  return { store: new S3BlobStore(client, config.s3.bucket, cache), close: async () => client.destroy() };
}
