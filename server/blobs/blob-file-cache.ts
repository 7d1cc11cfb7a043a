import fsp from "node:fs/promises";
import path from "node:path";
import type { TempBlob } from "./blob-store.js";
import { fanOutFolders, LocalBlobStore, SHA256_HEX } from "./local-blob-store.js";

/** What the cache may hold before the least recently used files go. */
export const DEFAULT_CACHE_MAX_BYTES = 2 * 1024 ** 3;

/**
 * A file handed out (or being uploaded) is never removed within this time, even over the bound:
 * a caller given a path opens it soon after (a ZIP reader, ffmpeg), and once open, removal does
 * not disturb it.
 */
const KEEP_RECENT_MS = 15 * 60_000;

type CachedFile = { file: string; bytes: number; usedAt: number };

/**
 * Local copies of blobs kept in an S3-compatible store, under DATA_DIR, for readers that need a
 * path or random access (ZIP, ffmpeg, pdftoppm), and the staging area of uploads. It is a
 * LocalBlobStore (the same fsync'ed staging, hashing and atomic rename), bounded: past `maxBytes`
 * the least recently used files (by mtime, which a hit renews) are removed, except those used in
 * the last 15 minutes. The bound is checked whenever a sixteenth of it was added since the last
 * check, so the cache exceeds it by at most that (plus what the last 15 minutes brought). Any copy
 * can go at any time; the store holds the blob.
 */
export class BlobFileCache {
  private readonly files: LocalBlobStore;
  private readonly filling = new Map<string, Promise<string>>();
  private trimming: Promise<void> = Promise.resolve();
  /** Bytes filed since the last walk: the cache is walked again only once it may have grown by a sixteenth of its bound. */
  private addedSinceTrim = Number.POSITIVE_INFINITY;

  constructor(
    private readonly root: string,
    private readonly maxBytes = DEFAULT_CACHE_MAX_BYTES,
  ) {
    this.files = new LocalBlobStore(root);
  }

  /** Streams into a fsync'ed staging file, hashing as it goes (LocalBlobStore.writeTemp). */
  stage(source: AsyncIterable<Uint8Array>, options?: Parameters<LocalBlobStore["writeTemp"]>[1]): Promise<TempBlob> {
    return this.files.writeTemp(source, options);
  }

  /** Files a staged blob in the cache and answers its path (the bound is kept: see trim). */
  async keep(staged: TempBlob): Promise<string> {
    await staged.commit();
    const file = (await this.cachedPath(staged.sha256)) as string;
    this.addedSinceTrim += staged.size;
    if (this.addedSinceTrim >= this.maxBytes / 16) await this.trim();
    return file;
  }

  /** The cached copy's path, marked as just used, or null when there is none. */
  async cachedPath(sha256: string): Promise<string | null> {
    const file = await this.files.localPath(sha256);
    if (!file) return null;
    const now = new Date();
    try {
      await fsp.utimes(file, now, now);
    } catch (error) {
      // Trimmed (by another process sharing DATA_DIR) between the two calls.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return file;
  }

  /**
   * Copies a blob in from `download`, once at a time per blob, and answers the path. The bytes
   * are hashed on the way in: content that is not the blob it claims to be is refused, not cached.
   */
  fill(sha256: string, download: () => Promise<AsyncIterable<Uint8Array>>): Promise<string> {
    const pending = this.filling.get(sha256);
    if (pending) return pending;
    const filled = (async () => {
      const staged = await this.stage(await download());
      if (staged.sha256 !== sha256) {
        await staged.discard();
        throw new Error(`blob ${sha256}: the store answered bytes whose SHA-256 is ${staged.sha256}`);
      }
      return this.keep(staged);
    })().finally(() => this.filling.delete(sha256));
    this.filling.set(sha256, filled);
    return filled;
  }

  /** Removes least recently used copies until the cache is within its bound (one trim at a time). */
  trim(): Promise<void> {
    this.trimming = this.trimming.catch(() => undefined).then(() => this.trimOnce());
    return this.trimming;
  }

  private async trimOnce(): Promise<void> {
    this.addedSinceTrim = 0;
    const cached = await this.listCached();
    let total = cached.reduce((sum, entry) => sum + entry.bytes, 0);
    const keepAfter = Date.now() - KEEP_RECENT_MS;
    for (const entry of cached.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= this.maxBytes || entry.usedAt > keepAfter) break;
      await fsp.rm(entry.file, { force: true });
      total -= entry.bytes;
    }
  }

  private async listCached(): Promise<CachedFile[]> {
    const cached: CachedFile[] = [];
    for (const first of await fanOutFolders(this.root)) {
      for (const second of await fanOutFolders(first)) {
        for (const name of (await fsp.readdir(second).catch(nullIfMissing)) ?? []) {
          if (!SHA256_HEX.test(name)) continue;
          const file = path.join(second, name);
          const stats = await fsp.stat(file).catch(nullIfMissing);
          if (stats) cached.push({ file, bytes: stats.size, usedAt: stats.mtimeMs });
        }
      }
    }
    return cached;
  }
}

/** Another process sharing DATA_DIR may trim the same cache: a file or folder gone meanwhile is no error. */
function nullIfMissing(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}
