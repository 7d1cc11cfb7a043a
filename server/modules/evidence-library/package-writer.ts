import { Transform, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type yazl from "yazl";
import { createDirectFileStream } from "../../blobs/direct-file-stream.js";
import { ParallelDigests } from "../../blobs/parallel-digests.js";
import { createZipFile } from "../../zip/zip-file.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { itemPaths, manifestJson, packingListText, type PackedItem } from "./package-contents.js";

export class PackageIntegrityError extends Error {}

/** What an entry of the package is, for callers that describe the package (the litigation package's detail). */
export type PackedEntryRole = "content" | "attachment" | "certificate" | "proof" | "entry" | "manifest" | "list" | "extra";

/** One file written into the ZIP: its path, its size before compression and what it is. */
export interface PackedEntry {
  path: string;
  bytes: number;
  role: PackedEntryRole;
}

/** A file a caller adds to the package beside the evidence (a report, a guide). */
export interface ExtraPackageFile {
  path: string;
  content: Buffer;
}

/**
 * Writes the ZIP of `records` to `target`, streaming: the output goes straight to the file and
 * each original is read from storage as the archive reaches it, so only one certificate PDF is in
 * memory at a time, whatever the sizes. Each original's SHA-256 is computed as it is packed and
 * must equal the record's, so a package never carries a file that differs from its certificate.
 * `onItem` is called after each item with the count done; `extraFiles` are added after the items.
 * Answers every entry written, in order.
 */
export async function writeEvidencePackage(
  target: string,
  records: readonly LibraryRecord[],
  ports: EvidenceLibraryPorts,
  options: { createdAt: number; onItem?: (done: number) => void; extraFiles?: readonly ExtraPackageFile[] },
): Promise<PackedEntry[]> {
  const zip = createZipFile();
  const mtime = new Date(options.createdAt);
  const written = pipeline(zip.outputStream as Readable, createDirectFileStream(target));
  written.catch(() => undefined);
  // Until zip.end(), `written` can only fail: racing this means a failed write never leaves a packer waiting.
  const outputFailed = written.then(() => new Promise<never>(() => undefined));
  outputFailed.catch(() => undefined);
  const entries: PackedEntry[] = [];
  const addBuffer = (content: Buffer, path: string, role: PackedEntryRole, compress = true) => {
    zip.addBuffer(content, path, { mtime, compress });
    entries.push({ path, bytes: content.length, role });
  };

  const packed: PackedItem[] = [];
  /** Packs one stored file; what was packed must hash to `sha256`, or the package fails. */
  const packChecked = async (content: Readable, path: string, role: PackedEntryRole, expected: { sha256: string; bytes: number }, mismatch: string) => {
    const packedSha256 = await packContent(zip, content, path, mtime, outputFailed);
    if (packedSha256 !== expected.sha256) throw new PackageIntegrityError(mismatch);
    entries.push({ path, bytes: expected.bytes, role });
  };
  try {
    for (const record of records) {
      if (record.ledgerIndex === null) throw new PackageIntegrityError(`证据 ${record.certificateNo} 尚未写入账本`);
      const [pdf, proof] = await Promise.all([ports.certificates.renderPdf(record, { background: true }), ports.ledger.proofBundle(record.ledgerIndex)]);
      // Opened last, so nothing is left open when the certificate or proof fails.
      const content = await ports.evidence.openContent(record);
      const item = { record, ...itemPaths(record, content !== null) };
      const { paths } = item;
      addBuffer(pdf, paths.certificate, "certificate", false);
      addBuffer(Buffer.from(proof, "utf8"), paths.proof, "proof");
      addBuffer(Buffer.from(record.entryJson, "utf8"), paths.entry, "entry");
      if (content && paths.content) await packChecked(content, paths.content, "content", { sha256: record.sha256, bytes: record.size }, `证据 ${record.certificateNo} 的存储内容与存证摘要不一致`);
      for (const { attachment, path } of item.attachments) {
        const stream = await ports.evidence.openAttachment(record, attachment.index);
        if (!stream) throw new PackageIntegrityError(`证据 ${record.certificateNo} 的附件 ${attachment.fileName} 已不在存储中`);
        await packChecked(stream, path, "attachment", { sha256: attachment.sha256, bytes: attachment.size }, `证据 ${record.certificateNo} 的附件 ${attachment.fileName} 与记录的摘要不一致`);
      }
      packed.push(item);
      options.onItem?.(packed.length);
    }
    for (const extra of options.extraFiles ?? []) addBuffer(extra.content, extra.path, "extra");
    addBuffer(Buffer.from(manifestJson(packed, ports.ledger, options.createdAt), "utf8"), "manifest.json", "manifest");
    addBuffer(Buffer.from(packingListText(packed, ports.ledger, options.createdAt), "utf8"), "清单.txt", "list");
    zip.end();
    await written;
    return entries;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    throw error;
  }
}

/**
 * Adds one original (stored, not deflated: evidence is often already compressed) and resolves
 * with its SHA-256 once packed. The SHA-256 is computed on a digest thread (parallel-digests.ts)
 * from a copy of each chunk, while the chunk itself goes on into the archive: the event loop
 * only copies, as for an upload, instead of spending ~0.6 ms of every MB on the hash. If
 * packing fails (the source, or `outputFailed`), the source is closed and the thread released.
 */
async function packContent(zip: yazl.ZipFile, content: Readable, path: string, mtime: Date, outputFailed: Promise<never>): Promise<string> {
  const digests = new ParallelDigests({ algorithms: ["sha256"] });
  // A transform, not a "data" listener: bytes must flow only when the archive reads them.
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digests.update(chunk).then(() => done(null, chunk), done);
    },
  });
  content.on("error", (error) => tap.destroy(error));
  content.pipe(tap);
  zip.addReadStream(tap, path, { mtime, compress: false });
  try {
    await Promise.race([finished(tap), outputFailed]);
    return (await digests.finish()).sha256;
  } catch (error) {
    content.destroy();
    tap.destroy();
    await digests.abort();
    throw error;
  }
}
