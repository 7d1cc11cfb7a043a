import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { inflateRawSync } from "node:zlib";
import { WARCParser } from "warcio";
import { WACZ_PATHS } from "../../../isomorphic/wacz/wacz-format.js";
import { LOCAL_HEADER_SIZE, localDataOffset, locateZipDirectory, parseZipDirectory, ZIP_TAIL_SIZE, type ZipEntry } from "../../../isomorphic/wacz/zip-directory.js";

/**
 * Reading a sealed capture package back: one ZIP entry (the manifest, the index), or one record of
 * its WARC by URI (the screenshot, DOM, PDF, provenance the capture pages show), found through the
 * package's own CDXJ index and streamed from its byte range, so nothing but that record is read.
 */

interface EntryRange {
  entry: ZipEntry;
  /** Where the entry's (stored or deflated) bytes start in the package file. */
  start: number;
}

async function locateEntry(waczPath: string, entryPath: string): Promise<EntryRange | null> {
  const file = await open(waczPath, "r");
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const { size } = await file.stat();
    const tailSize = Math.min(size, ZIP_TAIL_SIZE);
    const location = locateZipDirectory(await read(size - tailSize, tailSize), size);
    const entry = parseZipDirectory(await read(location.offset, location.size), location).find((candidate) => candidate.name === entryPath);
    if (!entry) return null;
    return { entry, start: localDataOffset(await read(entry.localHeaderOffset, LOCAL_HEADER_SIZE), entry) };
  } finally {
    await file.close();
  }
}

async function readRange(waczPath: string, start: number, length: number): Promise<Buffer> {
  const file = await open(waczPath, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, start);
    if (bytesRead !== length) throw new Error(`${waczPath} ends inside an entry`);
    return buffer;
  } finally {
    await file.close();
  }
}

/** One entry of the package, whole (meant for its small files), or null when there is no such entry. */
export async function readCapturePackageEntry(waczPath: string, entryPath: string): Promise<Buffer | null> {
  const range = await locateEntry(waczPath, entryPath);
  if (!range) return null;
  const stored = await readRange(waczPath, range.start, range.entry.compressedSize);
  return range.entry.method === 8 ? inflateRawSync(stored) : stored;
}

/** One stored (not deflated) entry of a package, streamed from its byte range; null when there is no such entry. */
export async function openStoredEntry(zipPath: string, entryPath: string): Promise<Readable | null> {
  const range = await locateEntry(zipPath, entryPath);
  if (!range || range.entry.method !== 0) return null;
  if (range.entry.size === 0) return Readable.from([]);
  return createReadStream(zipPath, { start: range.start, end: range.start + range.entry.size - 1 });
}

/** The WARC record with this target URI (a CDXJ line's `url`): its content type and its content, streamed. */
export async function openCapturedResource(waczPath: string, uri: string): Promise<{ contentType: string; body: Readable } | null> {
  const index = await readCapturePackageEntry(waczPath, WACZ_PATHS.index);
  const warc = await locateEntry(waczPath, WACZ_PATHS.warc);
  if (!index || !warc || warc.entry.method !== 0) throw new Error(`${waczPath} is not a capture package`);
  const pointer = findIndexed(index.toString("utf8"), uri);
  if (!pointer) return null;
  if (pointer.offset + pointer.length > warc.entry.size) throw new Error(`${waczPath}: the index points past the WARC`);
  const start = warc.start + pointer.offset;
  const record = await WARCParser.parse(createReadStream(waczPath, { start, end: start + pointer.length - 1 }));
  if (!record) return null;
  return { contentType: record.warcContentType ?? "application/octet-stream", body: Readable.from(record.reader) };
}

/** The offset and length of the first CDXJ line for `uri` (a capture records each resource URI once). */
function findIndexed(cdxj: string, uri: string): { offset: number; length: number } | null {
  for (const line of cdxj.split("\n")) {
    const json = line.indexOf(" {");
    if (json < 0) continue;
    const fields = JSON.parse(line.slice(json + 1)) as { url?: string; offset?: string; length?: string };
    if (fields.url === uri) return { offset: Number(fields.offset), length: Number(fields.length) };
  }
  return null;
}
