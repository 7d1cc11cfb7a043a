import { createHash } from "node:crypto";
import fs from "node:fs";
import { Transform, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { itemPaths, manifestJson, packingListText, type PackedItem } from "./package-contents.js";

export class PackageIntegrityError extends Error {}

/**
 * Writes the ZIP of `records` to `target`, streaming: the output goes straight to the file and
 * each original is read from storage as the archive reaches it, so only one certificate PDF is in
 * memory at a time, whatever the sizes. Each original's SHA-256 is computed as it is packed and
 * must equal the record's, so a package never carries a file that differs from its certificate.
 * `onItem` is called after each item with the count done.
 */
export async function writeEvidencePackage(
  target: string,
  records: readonly LibraryRecord[],
  ports: EvidenceLibraryPorts,
  options: { createdAt: number; onItem?: (done: number) => void },
): Promise<void> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(options.createdAt);
  const written = pipeline(zip.outputStream as Readable, fs.createWriteStream(target, { flags: "wx" }));
  written.catch(() => undefined);

  const packed: PackedItem[] = [];
  try {
    for (const record of records) {
      if (record.ledgerIndex === null) throw new PackageIntegrityError(`证据 ${record.certificateNo} 尚未写入账本`);
      const [pdf, proof] = await Promise.all([ports.certificates.renderPdf(record, { background: true }), ports.ledger.proofBundle(record.ledgerIndex)]);
      // Opened last, so nothing is left open when the certificate or proof fails.
      const content = await ports.evidence.openContent(record);
      const paths = itemPaths(record, content !== null);
      zip.addBuffer(pdf, paths.certificate, { mtime, compress: false });
      zip.addBuffer(Buffer.from(proof, "utf8"), paths.proof, { mtime });
      zip.addBuffer(Buffer.from(record.entryJson, "utf8"), paths.entry, { mtime });
      // Until zip.end(), `written` can only fail: racing it means a failed write never leaves us waiting.
      const packedSha256 = content && paths.content ? await Promise.race([packContent(zip, content, paths.content, mtime), written.then(() => "")]) : null;
      if (packedSha256 !== null && packedSha256 !== record.sha256) {
        throw new PackageIntegrityError(`证据 ${record.certificateNo} 的存储内容与存证摘要不一致`);
      }
      packed.push({ record, paths });
      options.onItem?.(packed.length);
    }
    zip.addBuffer(Buffer.from(manifestJson(packed, ports.ledger, options.createdAt), "utf8"), "manifest.json", { mtime });
    zip.addBuffer(Buffer.from(packingListText(packed, ports.ledger, options.createdAt), "utf8"), "清单.txt", { mtime });
    zip.end();
    await written;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    throw error;
  }
}

/** Adds one original (stored, not deflated: evidence is often already compressed) and resolves with its SHA-256 once packed. */
async function packContent(zip: yazl.ZipFile, content: Readable, path: string, mtime: Date): Promise<string> {
  const hash = createHash("sha256");
  // A transform, not a "data" listener: bytes must flow only when the archive reads them.
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  content.on("error", (error) => tap.destroy(error));
  content.pipe(tap);
  zip.addReadStream(tap, path, { mtime, compress: false });
  await finished(tap);
  return hash.digest("hex");
}
