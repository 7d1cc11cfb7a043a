import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { BlobFileCache } from "./blob-file-cache.js";
import { checkScratchName, type BlobStore, type BlobUsage, type ScratchFile, type TempBlob } from "./blob-store.js";
import { SHA256_HEX } from "./local-blob-store.js";
import { isNotFound, S3StoreError, storeFailure, storeRequest } from "./s3-client.js";

/**
 * Parts of a multipart upload. S3 takes at least 5 MiB; 8 MiB parts keep a 5 GiB evidence file
 * under the 10,000-part limit (about 80 GiB), and with PARALLEL_PARTS in flight an upload holds
 * at most 24 MiB in memory. Content up to one part goes in a single PutObject.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARALLEL_PARTS = 3;

const KEY_PREFIX = "blobs/";
/** Scratch files (blob-store.ts) under their own prefix: usage() lists blobs/ only. */
const SCRATCH_PREFIX = "scratch/";
const BLOB_KEY = /^blobs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** The object key of a blob: content-addressed and fanned out like the local store's folders. */
export function blobKey(sha256: string): string {
  return `${KEY_PREFIX}${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/**
 * Blobs in an S3-compatible store (issue 20), under `blobs/ab/cd/<sha256>`, so any process can
 * read what another stored. The SHA-256 is always computed here, before anything is called
 * stored: put() hashes the bytes, writeTemp() hashes the stream while staging it in a fsync'ed
 * local file (BlobFileCache), and commit() uploads that file and resolves only once the store
 * has the whole object. The same content is uploaded once (HeadObject first).
 *
 * What is sent is checked by the store where it can be: a single PutObject carries our own
 * SHA-256 (x-amz-checksum-sha256, refused by S3 on a mismatch), a multipart upload a SHA-256
 * per part; after a multipart upload the object's size is compared with ours as well.
 */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly cache: BlobFileCache,
  ) {}

  async put(content: Buffer): Promise<string> {
    const sha256 = createHash("sha256").update(content).digest("hex");
    if (!(await this.has(sha256))) await this.putWhole(sha256, content);
    return sha256;
  }

  async writeTemp(source: AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<TempBlob> {
    const staged = await this.cache.stage(source, options);
    return {
      sha256: staged.sha256,
      sm3: staged.sm3,
      size: staged.size,
      commit: async () => {
        // The staged file becomes the blob's local copy (the readers that need a path find it there).
        const file = await this.cache.keep(staged);
        await this.upload(file, staged.sha256, staged.size);
        return staged.sha256;
      },
      discard: () => staged.discard(),
    };
  }

  async has(sha256: string): Promise<boolean> {
    if (!SHA256_HEX.test(sha256)) return false;
    return (await this.sizeOf(sha256)) !== null;
  }

  /** GetObject's body, streamed as the caller reads it. */
  async open(sha256: string): Promise<Readable | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const key = blobKey(sha256);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return response.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw storeFailure(`GetObject ${key}`, error);
    }
  }

  /** A copy in the local cache, downloaded once (and checked against its name) and reused. */
  async localPath(sha256: string): Promise<string | null> {
    // The store decides whether the blob exists; a cached copy alone does not make it so.
    if (!(await this.has(sha256))) return null;
    return (
      (await this.cache.cachedPath(sha256)) ??
      this.cache.fill(sha256, async () => {
        const body = await this.open(sha256);
        if (!body) throw new S3StoreError(`GetObject ${blobKey(sha256)}`, "NoSuchKey", 404);
        return body;
      })
    );
  }

  async read(sha256: string): Promise<Buffer | null> {
    const body = await this.open(sha256);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Lists every object under `blobs/` (1,000 per request): callers keep the answer for a while. */
  async usage(): Promise<BlobUsage> {
    let bytes = 0;
    let files = 0;
    let continuationToken: string | undefined;
    do {
      const page = await storeRequest(`ListObjectsV2 ${KEY_PREFIX}`, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: KEY_PREFIX, ContinuationToken: continuationToken })),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !BLOB_KEY.test(object.Key)) continue;
        bytes += object.Size ?? 0;
        files += 1;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return { bytes, files };
  }

  /** An S3 bucket has no volume to speak of. */
  async volume(): Promise<null> {
    return null;
  }

  /** Uploaded (in parts when large), checked by size, then the local file is removed. */
  async putScratch(name: string, file: string): Promise<number> {
    const key = `${SCRATCH_PREFIX}${checkScratchName(name)}`;
    const { size } = await fsp.stat(file);
    await this.sendFile(key, file, size);
    await fsp.rm(file, { force: true });
    return size;
  }

  async openScratch(name: string): Promise<ScratchFile | null> {
    const key = `${SCRATCH_PREFIX}${checkScratchName(name)}`;
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { stream: response.Body as Readable, size: response.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw storeFailure(`GetObject ${key}`, error);
    }
  }

  /** S3 answers a delete of a missing key with success, so two housekeepers at once both succeed. */
  async deleteScratch(name: string): Promise<void> {
    const key = `${SCRATCH_PREFIX}${checkScratchName(name)}`;
    await storeRequest(`DeleteObject ${key}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  /** The stored object's size, or null when there is none. */
  private async sizeOf(sha256: string): Promise<number | null> {
    return this.sizeOfKey(blobKey(sha256));
  }

  private async sizeOfKey(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw storeFailure(`HeadObject ${key}`, error);
    }
  }

  /** Uploads a staged file unless the store has that content already. */
  private async upload(file: string, sha256: string, size: number): Promise<void> {
    if (await this.has(sha256)) return;
    if (size <= PART_BYTES) {
      await this.putWhole(sha256, await fsp.readFile(file));
      return;
    }
    await this.sendFile(blobKey(sha256), file, size);
  }

  /**
   * A multipart upload of a local file (one PutObject when it is small), each part with its
   * SHA-256 for the store to check; then the object's size is compared with ours.
   */
  private async sendFile(key: string, file: string, size: number): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(file), ChecksumAlgorithm: "SHA256", ContentType: "application/octet-stream" },
      partSize: PART_BYTES,
      queueSize: PARALLEL_PARTS,
      // A failed upload is aborted, so no orphan parts are left billed in the bucket.
      leavePartsOnError: false,
    });
    await storeRequest(`multipart upload ${key}`, () => upload.done());
    const stored = await this.sizeOfKey(key);
    if (stored === size) return;
    // A wrong object under a content address would be taken for the blob from now on (has() skips the upload);
    // a wrong scratch file would be handed out.
    await storeRequest(`DeleteObject ${key}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
    throw new S3StoreError(`multipart upload ${key}`, `the store kept ${stored ?? "no"} bytes instead of ${size}`, undefined);
  }

  private async putWhole(sha256: string, content: Buffer): Promise<void> {
    const key = blobKey(sha256);
    await storeRequest(`PutObject ${key}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: content,
          ContentLength: content.length,
          ContentType: "application/octet-stream",
          ChecksumSHA256: Buffer.from(sha256, "hex").toString("base64"),
        }),
      ),
    );
  }
}
