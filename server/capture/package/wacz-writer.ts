import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { WACZ_PATHS, WARC_NAME } from "../../../isomorphic/wacz/wacz-format.js";
import type { CapturePackage, CapturePackageInput, PackagedFile } from "../capture-engine.types.js";
import { PackageDigest } from "./package-digest.js";
import { datapackageDigestJson, datapackageJson, pagesJsonl } from "./wacz-manifest.js";
import { indexWarc } from "./warc-index.js";

/**
 * Builds the capture's WACZ 1.2 package from its finished WARC, in `workDir`:
 *
 *   archive/data.warc.gz       the WARC as recorded (its resource records hold the screenshot, DOM,
 *                              PDF, provenance and QA), stored, so CDXJ offsets are file ranges
 *   indexes/index.cdx          CDXJ, sorted
 *   pages/pages.jsonl          the captured page
 *   datapackage.json           the manifest: every file above with its size, SHA-256 and SM3
 *   datapackage-digest.json    the manifest's own digests
 *
 * The ledger entry digests the whole file, so the same capture must always give the same bytes:
 * every entry is stored (not deflated, whose output may change with the zlib version), entries come
 * in a fixed order, and every entry's time is the capture's start. The WARC is streamed twice (index
 * and digest, then into the ZIP) and never held in memory; the second pass must digest the same as the
 * first, or the package is refused. The whole package's SHA-256 and SM3 are computed as it is written.
 */
export async function buildCapturePackage(input: CapturePackageInput, workDir: string): Promise<CapturePackage> {
  const mtime = zipEntryTime(input.startedAt);
  const { cdxj, warc } = await indexWarc(input.warcPath, WARC_NAME);
  const texts: [string, Buffer][] = [
    [WACZ_PATHS.index, Buffer.from(cdxj, "utf8")],
    [WACZ_PATHS.pages, Buffer.from(pagesJsonl(input), "utf8")],
  ];
  const listed: PackagedFile[] = [{ ...warc, path: WACZ_PATHS.warc }, ...texts.map(([entry, data]) => PackageDigest.of(entry, data))];
  const datapackage = Buffer.from(datapackageJson(input, listed), "utf8");
  const datapackageFile = PackageDigest.of(WACZ_PATHS.datapackage, datapackage);
  const digestJson = Buffer.from(datapackageDigestJson(datapackageFile), "utf8");
  texts.push([WACZ_PATHS.datapackage, datapackage], [WACZ_PATHS.datapackageDigest, digestJson]);

  const waczPath = path.join(workDir, `${path.basename(input.warcPath).replace(/\.warc(\.gz)?$/, "")}.wacz`);
  const zip = new yazl.ZipFile();
  const whole = new PackageDigest();
  const output = createWriteStream(waczPath, { flags: "wx" });
  // Only a file this call created is removed on failure: an existing package of that name is left alone.
  let isCreated = false;
  output.once("open", () => {
    isCreated = true;
  });
  const written = pipeline(zip.outputStream as Readable, whole.tap(), output);
  written.catch(() => undefined);
  const entryOptions = { mtime, compress: false, forceDosTimestamp: true } as const;
  try {
    const warcAgain = new PackageDigest();
    const warcTap = warcAgain.tap();
    const warcRead = pipeline(createReadStream(input.warcPath), warcTap);
    zip.addReadStream(warcTap, WACZ_PATHS.warc, { ...entryOptions, size: warc.bytes });
    for (const [entry, data] of texts) zip.addBuffer(data, entry, entryOptions);
    zip.end();
    await Promise.all([warcRead, written]);
    if (warcAgain.result(WACZ_PATHS.warc).sha256 !== warc.sha256) throw new Error(`WARC ${input.warcPath} changed while it was packaged`);
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    if (isCreated) await rm(waczPath, { force: true });
    throw error;
  }
  const digest = whole.result(waczPath);
  return {
    waczPath,
    bytes: digest.bytes,
    sha256: digest.sha256,
    sm3: digest.sm3,
    manifestSha256: datapackageFile.sha256,
    files: [...listed, datapackageFile, PackageDigest.of(WACZ_PATHS.datapackageDigest, digestJson)],
  };
}

/**
 * The capture's start as a ZIP entry time. ZIP's DOS time has no zone and yazl fills it from the
 * local clock, so the UTC fields are handed over as local ones: the same capture gives the same
 * bytes on any server (and the extended timestamp field, a second copy, is left out).
 */
function zipEntryTime(startedAt: string): Date {
  const time = new Date(startedAt);
  if (Number.isNaN(time.getTime())) throw new Error(`capture start time is not a date: ${startedAt}`);
  return new Date(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate(), time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds());
}
