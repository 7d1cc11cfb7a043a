import fs from "node:fs";
import fsp from "node:fs/promises";

/**
 * What a direct write must align, in the file and in length: the logical block of any disk we
 * run on (512 bytes or 4 KiB). Full slabs (parallel-digests.ts) are multiples of it.
 */
const DIRECT_ALIGNMENT = 4096;

/**
 * A temporary file written front to back, then made durable by one fsync.
 *
 * Aligned pieces go to the disk directly (O_DIRECT), the rest (an upload's last, partial slab)
 * through the page cache. Why: through the page cache 1 GiB cost 0.16-1.8 s of CPU in the
 * kernel's copying here (the more, the busier the machine's memory; at worst half the SM3
 * thread) and left 1 GiB dirty for the final fsync to write while the client waited (~0.25 s,
 * more on a slower disk); written directly, the disk takes the bytes from the slab itself
 * (0.06-0.08 s of CPU per GiB, 0.33 s of wall time here) while the next slabs are hashed, so the
 * fsync only has the file's size and block map left to make durable. (A fdatasync
 * every 64 MiB in the background, tried first, stalled the buffered writes behind it.) Where the
 * file system, or the memory, does not allow direct writes (EINVAL), the file falls back to the
 * page cache for good.
 */
export class TempFile {
  private written = 0;
  private isDirectRefused = false;

  private constructor(
    private readonly handle: fsp.FileHandle,
    private readonly direct: fsp.FileHandle | null,
  ) {}

  /** Creates the file; it must not exist yet. */
  static async create(file: string): Promise<TempFile> {
    const handle = await fsp.open(file, "wx");
    return new TempFile(handle, await openDirect(file));
  }

  /**
   * Writes the bytes after those of the previous call. Calls may overlap: each one's place in the
   * file is taken when it is made, so several writes can be under way at once.
   */
  async append(bytes: Uint8Array): Promise<void> {
    const start = this.written;
    this.written += bytes.length;
    const done = this.direct && !this.isDirectRefused && start % DIRECT_ALIGNMENT === 0 && bytes.length % DIRECT_ALIGNMENT === 0 ? await this.writeDirect(bytes, start) : 0;
    // A write may take fewer bytes than asked; the rest is written after.
    for (let offset = done; offset < bytes.length; ) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset, start + offset);
      offset += bytesWritten;
    }
  }

  /** Everything written is on stable storage once this resolves (fsync is per file, whichever handle wrote). */
  async sync(): Promise<void> {
    await this.handle.sync();
  }

  async close(): Promise<void> {
    await Promise.all([this.handle.close(), this.direct?.close()]);
  }

  /** How many of the bytes went to the disk directly (0 once direct writes are refused). */
  private async writeDirect(bytes: Uint8Array, start: number): Promise<number> {
    try {
      return (await this.direct!.write(bytes, 0, bytes.length, start)).bytesWritten;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EINVAL") throw error;
      // Unaligned memory or a file system without direct I/O: the page cache from now on.
      this.isDirectRefused = true;
      return 0;
    }
  }
}

/** A second, direct handle on the file, or null where the platform or file system has none. */
async function openDirect(file: string): Promise<fsp.FileHandle | null> {
  const { O_DIRECT, O_WRONLY } = fs.constants;
  if (O_DIRECT === undefined) return null;
  try {
    return await fsp.open(file, O_WRONLY | O_DIRECT);
  } catch {
    return null; // the buffered handle does the work
  }
}
