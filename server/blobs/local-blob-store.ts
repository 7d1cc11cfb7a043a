import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { BlobTooLargeError, checkScratchName, type BlobStore, type BlobUsage, type BlobVolume, type ScratchFile, type TempBlob } from "./blob-store.js";
import { ParallelDigests } from "./parallel-digests.js";
import { TempFile } from "./temp-file.js";

/** A blob's name: its SHA-256 in lowercase hex. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;
const FAN_OUT = /^[0-9a-f]{2}$/;

/**
 * Content-addressed files under `<root>/ab/cd/<sha256>` (DESIGN.md §2 "blobs"). A blob is written
 * to a temporary file, fsync'ed, renamed into place and its folder fsync'ed, so once put() resolves
 * the bytes survive a crash or power loss and a reader never sees half a file. The same content is
 * stored once. Large content (evidence uploads) is streamed through writeTemp(), never held whole.
 */
export class LocalBlobStore implements BlobStore {
  private readonly tempDir: string;
  /** Scratch files (blob-store.ts), beside the fan-out folders: usage() counts blobs only. */
  private readonly scratchDir: string;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, "tmp");
    this.scratchDir = path.join(root, "scratch");
  }

  /** Stores the bytes and answers their SHA-256 (lowercase hex), the blob's name from now on. */
  async put(content: Buffer): Promise<string> {
    const sha256 = createHash("sha256").update(content).digest("hex");
    const target = this.pathOf(sha256);
    if (await exists(target)) return sha256;

    await fsp.mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `${sha256}.${randomBytes(6).toString("hex")}`);
    const handle = await fsp.open(temp, "wx");
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.moveIntoPlace(temp, sha256);
    return sha256;
  }

  /**
   * Streams `source` into a temporary file (temp-file.ts) made durable at the end, while SHA-256
   * and SM3 are computed on their own threads over the same bytes (parallel-digests.ts): the event
   * loop only copies each chunk once, and memory stays at a few MiB whatever the size. Nothing is visible
   * under the blob's name until commit(), so a caller can still refuse the content (a digest
   * mismatch) with discard(). More than `maxBytes` throws BlobTooLargeError once the source is
   * read to its end (so the request body is consumed) and the temporary file is gone.
   */
  async writeTemp(source: AsyncIterable<Uint8Array>, options: { maxBytes?: number } = {}): Promise<TempBlob> {
    const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    await fsp.mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `upload.${randomBytes(12).toString("hex")}`);
    const file = await TempFile.create(temp);
    const digests = new ParallelDigests({ sink: (bytes) => file.append(bytes) });
    let size = 0;
    let sha256: string;
    let sm3: string;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) continue; // keep reading (and counting) so the body is consumed
        await digests.update(chunk);
      }
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes, size);
      ({ sha256, sm3 } = await digests.finish());
      await file.sync();
    } catch (error) {
      await digests.abort();
      await file.close();
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await file.close();
    let isSettled = false;
    return {
      sha256,
      sm3,
      size,
      commit: async () => {
        if (isSettled) throw new Error("TempBlob: already committed or discarded");
        isSettled = true;
        await this.moveIntoPlace(temp, sha256);
        return sha256;
      },
      discard: async () => {
        if (isSettled) return;
        isSettled = true;
        await fsp.rm(temp, { force: true });
      },
    };
  }

  /** Whether a blob of that name is stored. */
  async has(sha256: string): Promise<boolean> {
    return SHA256_HEX.test(sha256) && exists(this.pathOf(sha256));
  }

  /** A stream of the blob, or null when there is none by that name. */
  async open(sha256: string): Promise<Readable | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const file = this.pathOf(sha256);
    return (await exists(file)) ? fs.createReadStream(file) : null;
  }

  /**
   * The blob's file, for a reader that needs random access (a ZIP's central directory is at its
   * end), or null when there is none by that name. Read only: blobs are never changed in place.
   */
  async localPath(sha256: string): Promise<string | null> {
    return (await this.has(sha256)) ? this.pathOf(sha256) : null;
  }

  /** The whole blob in memory, for the small images of the personal centre. */
  async read(sha256: string): Promise<Buffer | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    try {
      return await fsp.readFile(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /**
   * Walks every stored blob (`ab/cd/<sha256>`) and adds up their sizes. It reads the whole tree,
   * so callers that ask often keep the answer for a while.
   */
  async usage(): Promise<BlobUsage> {
    let bytes = 0;
    let files = 0;
    for (const first of await fanOutFolders(this.root)) {
      for (const second of await fanOutFolders(first)) {
        for (const entry of await fsp.readdir(second, { withFileTypes: true })) {
          if (!entry.isFile() || !SHA256_HEX.test(entry.name)) continue;
          bytes += (await fsp.stat(path.join(second, entry.name))).size;
          files += 1;
        }
      }
    }
    return { bytes, files };
  }

  /** Free and total space of the volume holding the blobs (available to this process, as df shows it). */
  async volume(): Promise<BlobVolume> {
    // Before the first blob the folder may not exist yet; its nearest existing parent is on the same volume.
    let folder = this.root;
    while (!(await exists(folder)) && path.dirname(folder) !== folder) folder = path.dirname(folder);
    const stats = await fsp.statfs(folder);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  }

  /** The file is made durable, then renamed into the scratch folder (copied when it sits on another volume). */
  async putScratch(name: string, file: string): Promise<number> {
    const target = path.join(this.scratchDir, checkScratchName(name));
    await fsp.mkdir(this.scratchDir, { recursive: true });
    const handle = await fsp.open(file, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fsp.rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await fsp.copyFile(file, target);
      await fsp.rm(file, { force: true });
      const copy = await fsp.open(target, "r+");
      await copy.sync().finally(() => copy.close());
    }
    await syncDirectory(this.scratchDir);
    return (await fsp.stat(target)).size;
  }

  async openScratch(name: string): Promise<ScratchFile | null> {
    const file = path.join(this.scratchDir, checkScratchName(name));
    try {
      const handle = await fsp.open(file, "r");
      // Opened before it is measured: a delete right now still leaves this reader its bytes.
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async deleteScratch(name: string): Promise<void> {
    await fsp.rm(path.join(this.scratchDir, checkScratchName(name)), { force: true });
  }

  /** rename is atomic within one file system, then the folder is fsync'ed so the new name is durable. */
  private async moveIntoPlace(temp: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      // A concurrent put of the same bytes just replaces identical content.
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The two-hex-digit folders below `folder` (none when it does not exist yet); the S3 store's local cache walks them too. */
export async function fanOutFolders(folder: string): Promise<string[]> {
  try {
    const entries = await fsp.readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() && FAN_OUT.test(entry.name)).map((entry) => path.join(folder, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Makes the rename itself durable: the new directory entry lives in the folder's own data. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await fsp.open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
