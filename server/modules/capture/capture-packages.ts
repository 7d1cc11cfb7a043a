import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { BlobStore } from "../../blobs/blob-store.js";

/**
 * Where a capture's files are while it is not yet sealed (issue 20). The browser and the packager
 * work in a local folder; the finished package (WACZ) then waits as the blob store's scratch file
 * `capture-<id>.wacz`, so whichever process seals it (the worker itself, a worker resuming a dead
 * one's capture, the web process that takes the holder's 接受) or shows its files reads it from the
 * shared store, never from the disk of the process that captured. Sealing moves it into the
 * content-addressed blobs; a capture that fails or is discarded loses both.
 */
export class CapturePackages {
  constructor(private readonly deps: { blobs: BlobStore; workRoot: string }) {}

  /** The local folder of a capture's run (browser output, the package being built, a copy for viewing). */
  workDirOf(id: number): string {
    return path.join(this.deps.workRoot, String(id));
  }

  /** Takes the built package file over into the shared store; resolves once it is durable there. */
  async keep(id: number, file: string): Promise<void> {
    await this.deps.blobs.putScratch(scratchNameOf(id), file);
  }

  /** The waiting package's bytes, or null when there is none (never built, or thrown away). */
  async open(id: number): Promise<Readable | null> {
    return (await this.deps.blobs.openScratch(scratchNameOf(id)))?.stream ?? null;
  }

  /**
   * A local file with the waiting package, for readers that need random access (its files are
   * read out of the ZIP): copied from the store into the work folder once per process. Named by the
   * package's digest: after a retry another process may have packaged the capture again, and a copy
   * of the earlier package must not be taken for the new one.
   */
  async localCopy(id: number, sha256: string): Promise<string | null> {
    const file = path.join(this.workDirOf(id), `waiting-${sha256}.wacz`);
    if (fs.existsSync(file)) return file;
    const stored = await this.open(id);
    if (!stored) return null;
    await fsp.mkdir(this.workDirOf(id), { recursive: true });
    // Written aside and renamed, so a reader never meets half a copy.
    const part = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(stored, fs.createWriteStream(part));
      await fsp.rename(part, file);
    } finally {
      await fsp.rm(part, { force: true });
    }
    return file;
  }

  /** Removes the capture's local folder and its waiting package; removing what is not there is no error. */
  async remove(id: number): Promise<void> {
    await fsp.rm(this.workDirOf(id), { recursive: true, force: true });
    await this.deps.blobs.deleteScratch(scratchNameOf(id));
  }
}

const scratchNameOf = (id: number) => `capture-${id}.wacz`;
