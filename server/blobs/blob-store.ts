import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Content-addressed files under `<root>/ab/cd/<sha256>` (DESIGN.md §2 "blobs"). A blob is written
 * to a temporary file, fsync'ed, renamed into place and its folder fsync'ed, so once put() resolves
 * the bytes survive a crash or power loss and a reader never sees half a file. The same content is
 * stored once. Whole buffers only for now; streaming and S3 come with the evidence uploads.
 */
export class BlobStore {
  private readonly tempDir: string;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, "tmp");
  }

  /** Stores the bytes and answers their SHA-256 (lowercase hex), the blob's name from now on. */
  async put(content: Buffer): Promise<string> {
    const sha256 = createHash("sha256").update(content).digest("hex");
    const target = this.pathOf(sha256);
    if (await exists(target)) return sha256;

    await fsp.mkdir(this.tempDir, { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.tempDir, `${sha256}.${randomBytes(6).toString("hex")}`);
    const handle = await fsp.open(temp, "wx");
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // rename is atomic within one file system; a concurrent put of the same bytes just replaces
      // identical content.
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
    return sha256;
  }

  /** A stream of the blob, or null when there is none by that name. */
  async open(sha256: string): Promise<Readable | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const file = this.pathOf(sha256);
    return (await exists(file)) ? fs.createReadStream(file) : null;
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

/** Makes the rename itself durable: the new directory entry lives in the folder's own data. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fsp.open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
