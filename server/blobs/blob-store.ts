import type { Readable } from "node:stream";

/** What the stored blobs take: their bytes and their number (temporary files not counted). */
export interface BlobUsage {
  readonly bytes: number;
  readonly files: number;
}

/** The file system the blobs live on. */
export interface BlobVolume {
  readonly freeBytes: number;
  readonly totalBytes: number;
}

/** Content streamed to a durable temporary file, not yet under its name. */
export interface TempBlob {
  readonly sha256: string;
  /** The second digest (GB/T 32905 SM3) of the same bytes, computed while they were written. */
  readonly sm3: string;
  readonly size: number;
  /** Moves the file under its SHA-256 name (durably) and answers that name. */
  commit(): Promise<string>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly size: number,
  ) {
    super(`blob of ${size} bytes exceeds ${maxBytes}`);
    this.name = "BlobTooLargeError";
  }
}

/** A scratch file as it is read back: its bytes as a stream, and their count. */
export interface ScratchFile {
  readonly stream: Readable;
  readonly size: number;
}

/** A scratch file's name: lower-case letters, digits, "-" and "." (no folders), chosen by its one writer. */
export const SCRATCH_NAME = /^[a-z0-9][a-z0-9.-]{0,127}$/;

/**
 * Where the platform keeps content by its SHA-256 (DESIGN.md §2 "blobs"): files under DATA_DIR
 * (local-blob-store.ts, the embedded default) or an S3-compatible store (issue 20). Whatever the
 * store, put() and commit() resolve only once the bytes are durable there, and the name is the
 * SHA-256 computed on our side, never one the store reports.
 */
export interface BlobStore {
  /** Stores the bytes and answers their SHA-256 (lowercase hex), the blob's name from now on. */
  put(content: Buffer): Promise<string>;
  /**
   * Streams `source` into durable temporary storage, computing its SHA-256 and SM3 as it goes
   * (parallel-digests.ts: off the event loop, the bytes copied once). Nothing is visible under the blob's name until commit(), so a caller
   * can still refuse the content with discard(). More than `maxBytes` throws BlobTooLargeError once
   * the source is read to its end (so a request body is consumed).
   */
  writeTemp(source: AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<TempBlob>;
  has(sha256: string): Promise<boolean>;
  /** A stream of the blob, or null when there is none by that name. */
  open(sha256: string): Promise<Readable | null>;
  /** A local file with the blob's bytes for readers that need random access or a path (ZIP, ffmpeg), or null when there is none by that name. Read only. */
  localPath(sha256: string): Promise<string | null>;
  /** The whole blob in memory (small images), or null when there is none by that name. */
  read(sha256: string): Promise<Buffer | null>;
  usage(): Promise<BlobUsage>;
  /** The volume holding the blobs, or null where the store has no such figure (S3). */
  volume(): Promise<BlobVolume | null>;
  /**
   * Scratch files: kept in the same store under a name of the caller's choosing (SCRATCH_NAME),
   * until the caller deletes them (packages waiting for their download). They live apart from the
   * blobs because a blob may be anybody's who stored the same bytes (a package re-uploaded as
   * evidence), so a blob is never deleted; a scratch file has one owner, who may.
   *
   * putScratch takes the local `file` over (moved or uploaded, then gone) and resolves once it is
   * durable in the store, with its size; the same name again replaces it.
   */
  putScratch(name: string, file: string): Promise<number>;
  /** The scratch file, or null when there is none by that name (never written, or deleted). */
  openScratch(name: string): Promise<ScratchFile | null>;
  /** Deletes the scratch file; deleting one that is not there is no error (two housekeepers at once). */
  deleteScratch(name: string): Promise<void>;
}

/** Refuses a scratch name that could leave its folder or prefix. */
export function checkScratchName(name: string): string {
  if (!SCRATCH_NAME.test(name)) throw new Error(`not a scratch file name: ${JSON.stringify(name)}`);
  return name;
}
