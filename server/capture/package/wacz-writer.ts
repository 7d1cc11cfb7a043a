import { createReadStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { WACZ_PATHS, WARC_NAME } from "../../../isomorphic/wacz/wacz-format.js";
import type { CapturePackage, CapturePackageInput, PackagedFile } from "../capture-engine.types.js";
import { PackageDigest } from "./package-digest.js";
import { writeStoredZip } from "./stored-zip.js";
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
  const startedAt = new Date(input.startedAt);
  if (Number.isNaN(startedAt.getTime())) throw new Error(`capture start time is not a date: ${input.startedAt}`);
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
  const digest = await writeStoredZip(waczPath, startedAt, async (entries) => {
    const warcAgain = new PackageDigest();
    const warcTap = warcAgain.tap();
    const warcRead = pipeline(createReadStream(input.warcPath), warcTap);
    entries.stream(WACZ_PATHS.warc, warcTap, warc.bytes);
    for (const [entry, data] of texts) entries.buffer(entry, data);
    await warcRead;
    if (warcAgain.result(WACZ_PATHS.warc).sha256 !== warc.sha256) throw new Error(`WARC ${input.warcPath} changed while it was packaged`);
  });
  return {
    waczPath,
    bytes: digest.bytes,
    sha256: digest.sha256,
    sm3: digest.sm3,
    manifestSha256: datapackageFile.sha256,
    files: [...listed, datapackageFile, PackageDigest.of(WACZ_PATHS.datapackageDigest, digestJson)],
  };
}
