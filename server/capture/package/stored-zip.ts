import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createZipFile } from "../../zip/zip-file.js";
import type { PackagedFile } from "../capture-engine.types.js";
import { PackageDigest } from "./package-digest.js";

/** Adds entries to a stored ZIP in the order called; a stream entry is read as the ZIP is written. */
export interface StoredZipEntries {
  buffer(name: string, data: Buffer): void;
  stream(name: string, data: Readable, size: number): void;
}

/**
 * Writes a ZIP whose ledger entry digests the whole file (the capture's WACZ, a recording's
 * package), so the same content always gives the same bytes: every entry stored (deflate output
 * may change with the zlib version), in the order `fill` adds them, with one fixed entry time.
 * `fill` may wait for streams it added to be read before adding more (a manifest of what they
 * held), since the ZIP is written while it runs. The whole file's digests are computed as it is
 * written; `target` must not exist, and is removed if anything fails.
 */
export async function writeStoredZip(target: string, entryTime: Date, fill: (entries: StoredZipEntries) => Promise<void>): Promise<PackagedFile> {
  const mtime = zipEntryTime(entryTime);
  const zip = createZipFile();
  const whole = new PackageDigest();
  const output = createWriteStream(target, { flags: "wx" });
  // Only a file this call created is removed on failure: an existing file of that name is left alone.
  let isCreated = false;
  output.once("open", () => {
    isCreated = true;
  });
  const written = pipeline(zip.outputStream as Readable, whole.tap(), output);
  written.catch(() => undefined);
  const options = { mtime, compress: false, forceDosTimestamp: true } as const;
  try {
    const filled = fill({
      buffer: (name, data) => zip.addBuffer(data, name, options),
      stream: (name, data, size) => zip.addReadStream(data, name, { ...options, size }),
    }).then(() => zip.end());
    filled.catch(() => undefined);
    // A file that cannot be written (it exists) fails at once, even while `fill` waits on its streams.
    await Promise.all([filled, written]);
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    if (isCreated) await rm(target, { force: true });
    throw error;
  }
  return whole.result(target);
}

/**
 * A time as a ZIP entry time. ZIP's DOS time has no zone and yazl fills it from the local clock,
 * so the UTC fields are handed over as local ones: the same package gives the same bytes on any
 * server (and the extended timestamp field, a second copy, is left out).
 */
function zipEntryTime(time: Date): Date {
  if (Number.isNaN(time.getTime())) throw new Error("ZIP entry time is not a date");
  return new Date(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate(), time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds());
}
