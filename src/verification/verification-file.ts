import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { WACZ_PATHS } from "../../isomorphic/wacz/wacz-format";
import { locateZipDirectory, parseZipDirectory, ZIP_TAIL_SIZE } from "../../isomorphic/wacz/zip-directory";
import { RECORDING_PACKAGE_PATHS } from "../schema/recording-package";
import { sm3Hex } from "../schema/sm3";
import type { FileContentChecks, FileDigests } from "./certificate-checks";
import { checkDigitalReport, readDigitalReportPdf } from "./digital-report-check";
import { digestBytes, digestFile } from "./file-digest";
import type { PackageCheckTools } from "./package-zip";
import { checkRecordingPackage, isRecordingPackage } from "./recording-check";
import { checkWaczPackage } from "./wacz-check";

/**
 * The visitor's file as the verification page checks it, read in this browser only: its digests and,
 * when its bytes are a web capture's package (WACZ, whatever its name) or a recording package, the
 * package's own checks, as the offline verifier adds them; when it is a digital report PDF, the
 * checks of the evidence it embeds. Only a ZIP whose directory lists datapackage.json or
 * manifest.json, or a PDF of at most REPORT_MAX_BYTES, is read whole, once, the digests and the
 * checks sharing those bytes; any other file, an office document's ZIP included, is only streamed
 * through the hashes.
 */

export interface VerificationFile {
  readonly digests: Required<FileDigests>;
  readonly checks: FileContentChecks;
}

const BROWSER_TOOLS: PackageCheckTools = {
  sha256: (data) => bytesToHex(sha256(data)),
  sm3: sm3Hex,
  // The platform stores every entry of its packages uncompressed, so the browser carries no inflater;
  // a compressed entry means the package was rebuilt elsewhere.
  inflateRaw: () => {
    throw new Error("取证包中有压缩存放的文件；本平台生成的取证包不压缩任何文件，此包已被重新打包，浏览器中无法核对，请使用离线核验工具");
  },
};

const NO_CHECKS: FileContentChecks = () => [];
/** A report of 50 items is far below this; a larger PDF is some other document, only hashed. */
const REPORT_MAX_BYTES = 50 * 1024 * 1024;

export async function readVerificationFile(file: Blob, onProgress?: (done: number, total: number) => void): Promise<VerificationFile> {
  if (file.size <= REPORT_MAX_BYTES && new TextDecoder().decode(await file.slice(0, 5).arrayBuffer()) === "%PDF-") {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const report = await readDigitalReportPdf(bytes);
    return { digests: await digestBytes(bytes, onProgress), checks: report ? (context) => checkDigitalReport(report, context) : NO_CHECKS };
  }
  const listed = await listedManifest(file);
  if (!listed) return { digests: await digestFile(file, onProgress), checks: NO_CHECKS };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digests = await digestBytes(bytes, onProgress);
  if (listed === "wacz") {
    const checks = checkWaczPackage(bytes, BROWSER_TOOLS);
    return { digests, checks: () => checks };
  }
  if (!isRecordingPackage(bytes, BROWSER_TOOLS)) return { digests, checks: NO_CHECKS };
  // Anchors are checked against the keys the certificate is checked with, known only then.
  return { digests, checks: (context) => checkRecordingPackage(bytes, BROWSER_TOOLS, context) };
}

/** Reads only the file's tail and ZIP directory: whether it is a ZIP listing a WACZ's or a recording package's manifest. */
async function listedManifest(file: Blob): Promise<"wacz" | "recording" | null> {
  const read = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
  try {
    const location = locateZipDirectory(await read(Math.max(0, file.size - ZIP_TAIL_SIZE), file.size), file.size);
    const entries = parseZipDirectory(await read(location.offset, location.offset + location.size), location);
    if (entries.some((entry) => entry.name === WACZ_PATHS.datapackage)) return "wacz";
    return entries.some((entry) => entry.name === RECORDING_PACKAGE_PATHS.manifest) ? "recording" : null;
  } catch {
    return null;
  }
}
