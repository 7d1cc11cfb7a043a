import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { WACZ_PATHS } from "../../isomorphic/wacz/wacz-format";
import { locateZipDirectory, parseZipDirectory, ZIP_TAIL_SIZE } from "../../isomorphic/wacz/zip-directory";
import { sm3Hex } from "../schema/sm3";
import type { CertificateCheck } from "./certificate-check";
import type { FileDigests } from "./certificate-checks";
import { digestBytes, digestFile } from "./file-digest";
import { checkWaczPackage, type WaczCheckTools } from "./wacz-check";

/**
 * The visitor's file as the verification page checks it, read in this browser only: its digests and,
 * when its bytes are a web capture's package (WACZ, whatever its name), the package's own checks, as
 * the offline verifier adds them. Only a ZIP whose directory lists datapackage.json is read whole,
 * once (captures are at most 200 MB), the digests and the checks sharing those bytes; any other file,
 * an office document's ZIP included, is only streamed through the hashes.
 */

export interface VerificationFile {
  readonly digests: Required<FileDigests>;
  readonly checks: readonly CertificateCheck[];
}

const BROWSER_WACZ_TOOLS: WaczCheckTools = {
  sha256: (data) => bytesToHex(sha256(data)),
  sm3: sm3Hex,
  // The platform stores every entry of its packages uncompressed, so the browser carries no inflater;
  // a compressed entry means the package was rebuilt elsewhere.
  inflateRaw: () => {
    throw new Error("取证包中有压缩存放的文件；本平台生成的取证包不压缩任何文件，此包已被重新打包，浏览器中无法核对，请使用离线核验工具");
  },
};

export async function readVerificationFile(file: Blob, onProgress?: (done: number, total: number) => void): Promise<VerificationFile> {
  if (!(await listsWaczManifest(file))) return { digests: await digestFile(file, onProgress), checks: [] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digests = await digestBytes(bytes, onProgress);
  return { digests, checks: checkWaczPackage(bytes, BROWSER_WACZ_TOOLS) };
}

/** Reads only the file's tail and ZIP directory: whether it is a ZIP listing a WACZ manifest. */
async function listsWaczManifest(file: Blob): Promise<boolean> {
  const read = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
  try {
    const location = locateZipDirectory(await read(Math.max(0, file.size - ZIP_TAIL_SIZE), file.size), file.size);
    const entries = parseZipDirectory(await read(location.offset, location.offset + location.size), location);
    return entries.some((entry) => entry.name === WACZ_PATHS.datapackage);
  } catch {
    return false;
  }
}
