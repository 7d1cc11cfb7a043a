import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { BlobStore, ScratchFile } from "../../blobs/blob-store.js";
import { removeStaleFiles } from "../../blobs/scratch-build.js";
import { PackageDigest } from "../../capture/package/package-digest.js";
import type { ChunkRow, RecordingRepository } from "./recording.repository.js";

/** A chunk hashed on its way into the work folder, not yet kept. */
export interface HeldChunk {
  bytes: number;
  sha256: string;
  sm3: string;
  /** More than the limit arrived: nothing was kept (the stream was still read to its end). */
  isTooLarge: boolean;
  /** Makes the chunk a durable scratch file of the store (listed on the recording first) and answers its name. */
  keep(): Promise<string>;
  discard(): Promise<void>;
}

/** A recorder's file as the package takes it. */
export interface AttachedFile {
  name: string;
  open(): Promise<ScratchFile>;
}

/** A work file untouched for this long belongs to a run that died (a live one writes to it all along). */
const STALE_WORK_MS = 60 * 60 * 1000;
/** Scratch files deleted at once when a recording is cleared (each a round trip to S3). */
const PARALLEL_DELETES = 8;

/**
 * The files of recordings, where every process reads them (issue 20): each chunk and each file a
 * recorder attaches is a scratch file of the blob store (S3 with several processes, otherwise
 * DATA_DIR/blobs/scratch), named once and never overwritten, so any process takes the next chunk
 * and any process, or a worker, seals. The rows say what arrived: a chunk's row names its file,
 * and every scratch file is listed on its recording (recording_scratch) before it is written, so
 * clear() finds even one left by a process killed mid-upload. DATA_DIR/recordings/work is only
 * where a chunk is hashed on its way in and a package is written before it is stored.
 *
 * `root` (DATA_DIR/recordings) also still holds the chunks and files of recordings started before
 * migration 0041, read from there until they are sealed.
 */
export class RecordingFiles {
  readonly workDir: string;

  constructor(private readonly deps: { blobs: BlobStore; repository: RecordingRepository; root: string }) {
    this.workDir = path.join(deps.root, "work");
  }

  /** Streams a chunk to the work folder, computing SHA-256 and SM3 as it goes, so even a 16 MB chunk is read once. */
  async receive(recordingId: number, index: number, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<HeldChunk> {
    const scratch = scratchName(recordingId, `chunk-${index}`);
    const temp = await this.workFile(scratch);
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
      // putScratch makes the file durable (fsync, or the store's answer) before it resolves.
      keep: () => this.keepWorkFile(recordingId, scratch, temp),
      discard: () => fsp.rm(temp, { force: true }),
    };
  }

  /** Deletes a kept chunk that no row took (its transaction failed), unless a row names it after all. */
  async forget(recordingId: number, index: number, scratch: string): Promise<void> {
    if ((await this.deps.repository.chunk(recordingId, index))?.scratch === scratch) return;
    await this.drop(scratch);
  }

  async openChunk(recordingId: number, chunk: Pick<ChunkRow, "idx" | "scratch">): Promise<Readable> {
    if (chunk.scratch === null) return createReadStream(path.join(this.legacyDir(recordingId), "chunks", String(chunk.idx)));
    const file = await this.deps.blobs.openScratch(chunk.scratch);
    if (!file) throw new Error(`recording ${recordingId}: chunk ${chunk.idx} is missing from the store`);
    return file.stream;
  }

  /** Keeps a copy of a recorder's file under `name` (`name` again replaces it). */
  async attach(recordingId: number, name: string, sourcePath: string): Promise<void> {
    const scratch = scratchName(recordingId, "file");
    const temp = await this.workFile(scratch);
    await fsp.copyFile(sourcePath, temp);
    await this.keepWorkFile(recordingId, scratch, temp);
    const replaced = await this.deps.repository.nameAttached(recordingId, scratch, name);
    if (!replaced) {
      // The recording was sealed or given up while the file was on its way: nobody lists it any more.
      await this.deps.blobs.deleteScratch(scratch);
      throw new Error(`recording ${recordingId}: "${name}" arrived after its files were cleared`);
    }
    for (const earlier of replaced) await this.drop(earlier);
  }

  /** The recorder's files, sorted by name (the package lists them in this order). */
  async attached(recordingId: number): Promise<AttachedFile[]> {
    const stored = (await this.deps.repository.attachedScratch(recordingId)).map(({ name, scratch }) => ({ name, open: () => this.openScratch(scratch) }));
    return [...stored, ...(await this.legacyAttached(recordingId))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** One attached file's bytes, or null when the recorder attached none by that name. */
  async readAttached(recordingId: number, name: string): Promise<Buffer | null> {
    const file = (await this.attached(recordingId)).find((candidate) => candidate.name === name);
    if (!file) return null;
    const parts: Buffer[] = [];
    for await (const piece of (await file.open()).stream) parts.push(piece as Buffer);
    return Buffer.concat(parts);
  }

  /** A fresh path in the work folder (unique per call, so two runs never meet in one file). */
  async workFile(stem: string): Promise<string> {
    await fsp.mkdir(this.workDir, { recursive: true });
    return path.join(this.workDir, `${stem}.${randomBytes(6).toString("hex")}.part`);
  }

  /** Deletes every file of the recording (sealed into its package, or given up); two processes at once are harmless. */
  async clear(recordingId: number): Promise<void> {
    const names = await this.deps.repository.scratchOf(recordingId);
    for (let start = 0; start < names.length; start += PARALLEL_DELETES) await Promise.all(names.slice(start, start + PARALLEL_DELETES).map((scratch) => this.drop(scratch)));
    await fsp.rm(this.legacyDir(recordingId), { recursive: true, force: true });
  }

  /** Housekeeping: files of recordings that ended while their process died before clearing them, and dead runs' work files. */
  async clearEnded(): Promise<void> {
    for (const id of await this.deps.repository.endedWithScratch()) await this.clear(id);
    await removeStaleFiles(this.workDir, STALE_WORK_MS);
  }

  private async keepWorkFile(recordingId: number, scratch: string, temp: string): Promise<string> {
    try {
      await this.deps.repository.listScratch(recordingId, scratch);
      await this.deps.blobs.putScratch(scratch, temp);
      return scratch;
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  /** Deletes a scratch file, then its listing (so a crash in between leaves it listed, for the next clearing). */
  private async drop(scratch: string): Promise<void> {
    await this.deps.blobs.deleteScratch(scratch);
    await this.deps.repository.unlistScratch(scratch);
  }

  private async openScratch(scratch: string): Promise<ScratchFile> {
    const file = await this.deps.blobs.openScratch(scratch);
    if (!file) throw new Error(`recording file ${scratch} is missing from the store`);
    return file;
  }

  private legacyDir(recordingId: number): string {
    return path.join(this.deps.root, String(recordingId));
  }

  private async legacyAttached(recordingId: number): Promise<AttachedFile[]> {
    const dir = path.join(this.legacyDir(recordingId), "files");
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    return names
      .filter((name) => !name.endsWith(".part"))
      .map((name) => ({
        name,
        open: async () => {
          const handle = await fsp.open(path.join(dir, name), "r");
          return { size: (await handle.stat()).size, stream: handle.createReadStream() };
        },
      }));
  }
}

/** recording-<id>-<what>-<random>: a new name for every file, so no write replaces another's. */
function scratchName(recordingId: number, what: string): string {
  return `recording-${recordingId}-${what}-${randomBytes(8).toString("hex")}`;
}
