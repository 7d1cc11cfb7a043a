import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { syncDirectory } from "../../blobs/local-blob-store.js";
import { PackageDigest } from "../../capture/package/package-digest.js";

/** A chunk streamed to a fsync'ed temporary file with its digests, not yet under its index. */
export interface HeldChunk {
  bytes: number;
  sha256: string;
  sm3: string;
  /** More than the limit arrived: nothing was kept (the stream was still read to its end). */
  isTooLarge: boolean;
  /** Puts the chunk under its index, durably (rename, then the folder fsync'ed). */
  keep(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The files of recordings under DATA_DIR/recordings/<id>: chunks/<index> as they arrived, and
 * files/<name> attached by recorders. A chunk is hashed (SHA-256 and SM3) while it streams to disk,
 * so even a 16 MB chunk is read once; it is only named by its index once it is on stable storage.
 */
export class ChunkStore {
  constructor(private readonly root: string) {}

  dirOf(recordingId: number): string {
    return path.join(this.root, String(recordingId));
  }

  chunkPath(recordingId: number, index: number): string {
    return path.join(this.dirOf(recordingId), "chunks", String(index));
  }

  filesDir(recordingId: number): string {
    return path.join(this.dirOf(recordingId), "files");
  }

  async receive(recordingId: number, index: number, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<HeldChunk> {
    const dir = path.dirname(this.chunkPath(recordingId, index));
    await fsp.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${index}.${randomBytes(6).toString("hex")}.part`);
    const digest = new PackageDigest();
    let bytes = 0;
    const handle = await fsp.open(temp, "wx");
    try {
      for await (const piece of source) {
        bytes += piece.length;
        // Keep reading (so the request body is consumed) but stop writing past the limit.
        if (bytes > maxBytes) continue;
        digest.update(piece);
        await handle.write(piece);
      }
      if (bytes <= maxBytes) await handle.sync();
    } catch (error) {
      await handle.close();
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    const isTooLarge = bytes > maxBytes;
    if (isTooLarge) await fsp.rm(temp, { force: true });
    const result = digest.result(temp);
    return {
      bytes,
      sha256: result.sha256,
      sm3: result.sm3,
      isTooLarge,
      keep: async () => {
        await fsp.rename(temp, this.chunkPath(recordingId, index));
        await syncDirectory(dir);
      },
      discard: () => fsp.rm(temp, { force: true }),
    };
  }

  openChunk(recordingId: number, index: number): Readable {
    return createReadStream(this.chunkPath(recordingId, index));
  }

  /** Copies a recorder's file in (fsync'ed), under a plain name of its own. */
  async attach(recordingId: number, name: string, sourcePath: string): Promise<void> {
    const dir = this.filesDir(recordingId);
    await fsp.mkdir(dir, { recursive: true });
    const target = path.join(dir, name);
    const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
    await fsp.copyFile(sourcePath, temp);
    const handle = await fsp.open(temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, target);
    await syncDirectory(dir);
  }

  /** The attached files' names, sorted (the package lists them in this order). */
  async attached(recordingId: number): Promise<string[]> {
    try {
      return (await fsp.readdir(this.filesDir(recordingId))).filter((name) => !name.endsWith(".part")).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async remove(recordingId: number): Promise<void> {
    await fsp.rm(this.dirOf(recordingId), { recursive: true, force: true });
  }
}
