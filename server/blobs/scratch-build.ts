import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store.js";

/**
 * Builds a file locally and keeps it as the blob store's scratch file `name` (blob-store.ts), so
 * any process can serve it: `write` gets a fresh path under `workDir` (unique per run, so a run
 * resumed on the same machine never meets a dead run's half file), and that path is gone
 * afterwards whatever happened. Answers what `write` answered and the stored size.
 */
export async function buildScratchFile<T>(blobs: BlobStore, workDir: string, name: string, write: (file: string) => Promise<T>): Promise<{ result: T; size: number }> {
  await fsp.mkdir(workDir, { recursive: true });
  const file = path.join(workDir, `${name}.${randomBytes(6).toString("hex")}.part`);
  try {
    const result = await write(file);
    return { result, size: await blobs.putScratch(name, file) };
  } finally {
    await fsp.rm(file, { force: true });
  }
}

/**
 * Housekeeping of a work folder several processes may share: a file nobody wrote to for
 * `maxAgeMs` is the leftover of a run that died (a live run writes to its file all along), so it
 * goes; two passes at once just both try to remove it.
 */
export async function removeStaleFiles(workDir: string, maxAgeMs: number): Promise<void> {
  const names = await fsp.readdir(workDir).catch(() => [] as string[]);
  const oldest = Date.now() - maxAgeMs;
  for (const name of names) {
    const file = path.join(workDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < oldest) await fsp.rm(file, { force: true });
  }
}
