import fsp from "node:fs/promises";

/**
 * Why flush early: a 1 GiB upload leaves 1 GiB of dirty pages, and a single fsync at the end then
 * waits for all of them (about half a second here) after every byte was already received and
 * hashed. Node has no sync_file_range, so every 64 MiB a fdatasync runs in the background (never
 * two at once, never awaited by the writes): the disk writes while the upload goes on, and the
 * final fsync, the one durability rests on, only waits for the tail. Files under 64 MiB get that
 * final fsync only.
 */
const BACKGROUND_FLUSH_BYTES = 64 * 1024 * 1024;

/** A temporary file written front to back, then made durable once. */
export class TempFile {
  private written = 0;
  private sinceFlush = 0;
  private flushing: Promise<void> | null = null;
  private flushFailure: unknown = null;

  private constructor(private readonly handle: fsp.FileHandle) {}

  /** Creates the file; it must not exist yet. */
  static async create(file: string): Promise<TempFile> {
    return new TempFile(await fsp.open(file, "wx"));
  }

  /**
   * Writes the bytes after those of the previous call. Calls may overlap: each one's place in the
   * file is taken when it is made, so several writes can be under way at once.
   */
  async append(bytes: Uint8Array): Promise<void> {
    if (this.flushFailure) throw this.flushFailure;
    const start = this.written;
    this.written += bytes.length;
    // A write may take fewer bytes than asked; the rest is written after.
    for (let done = 0; done < bytes.length; ) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, start + done);
      done += bytesWritten;
    }
    this.sinceFlush += bytes.length;
    if (this.sinceFlush >= BACKGROUND_FLUSH_BYTES && !this.flushing) this.flushInBackground();
  }

  /**
   * Everything written is on stable storage once this resolves. A background flush that failed
   * fails this too: after a failed fsync the kernel may have dropped the pages and a later fsync
   * can succeed without them.
   */
  async sync(): Promise<void> {
    await this.flushing;
    if (this.flushFailure) throw this.flushFailure;
    await this.handle.sync();
  }

  /** Closes the file, once any background flush has ended. */
  async close(): Promise<void> {
    await this.flushing;
    await this.handle.close();
  }

  private flushInBackground() {
    this.sinceFlush = 0;
    this.flushing = this.handle
      .datasync()
      .catch((error: unknown) => void (this.flushFailure ??= error))
      .finally(() => (this.flushing = null));
  }
}
