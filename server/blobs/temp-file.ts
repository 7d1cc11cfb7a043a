import fsp from "node:fs/promises";

/**
 * A temporary file written front to back, then made durable by one fsync. (A fdatasync every
 * 64 MiB in the background, to shorten that final wait, was tried: it stalled the writes behind
 * it and halved a 512 MiB upload's speed here, so there is none.)
 */
export class TempFile {
  private written = 0;

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
    const start = this.written;
    this.written += bytes.length;
    // A write may take fewer bytes than asked; the rest is written after.
    for (let done = 0; done < bytes.length; ) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, start + done);
      done += bytesWritten;
    }
  }

  /** Everything written is on stable storage once this resolves. */
  async sync(): Promise<void> {
    await this.handle.sync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
