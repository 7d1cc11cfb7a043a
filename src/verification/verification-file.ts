import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { sm3Hex } from "../schema/sm3";
import type { CertificateCheck } from "./certificate-check";
import type { FileDigests } from "./certificate-checks";
import { digestBytes, digestFile } from "./file-digest";
import { checkWaczPackage, isWaczPackage, type WaczCheckTools } from "./wacz-check";

/**
 * The visitor's file as the verification page checks it, read in this browser only: its digests and,
 * when its bytes are a web capture's package (WACZ, whatever its name), the package's own checks, as
 * the offline verifier adds them. A ZIP is read whole once (captures are at most 200 MB) and both
 * the digests and the checks use those bytes; any other file is only streamed through the hashes.
 */

export interface VerificationFile {
  readonly digests: Required<FileDigests>;
  readonly checks: readonly CertificateCheck[];
}

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

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
  const head = new Uint8Array(await file.slice(0, ZIP_LOCAL_HEADER.length).arrayBuffer());
  if (!ZIP_LOCAL_HEADER.every((byte, index) => head[index] === byte)) return { digests: await digestFile(file, onProgress), checks: [] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digests = await digestBytes(bytes, onProgress);
  return { digests, checks: isWaczPackage(bytes) ? checkWaczPackage(bytes, BROWSER_WACZ_TOOLS) : [] };
}
