import { readWaczHash, SM3_HASH_KEY, WACZ_PATHS } from "../../isomorphic/wacz/wacz-format";
import type { ZipEntry } from "../../isomorphic/wacz/zip-directory";
import { certificateCheck, PREREQUISITE_FAILED, type CertificateCheck } from "./certificate-check";
import { listedFileProblems, openZipPackage, zipLists, type PackageCheckTools } from "./package-zip";

/**
 * The checks of a web capture's package (WACZ) on its own, beside the certificate's check of the
 * whole file's digests: the package's manifest (datapackage.json) matches the digest recorded for it
 * (datapackage-digest.json), and every file the manifest lists has the recorded size, SHA-256 and SM3,
 * with no file outside it. So a package tells which part changed, and a package copied out of the
 * ledger's reach still proves itself consistent. Runs wherever the bytes are: the digests and raw
 * inflate (ZIP's deflate) come in as arguments, as the other verification code takes its digests.
 */

export type WaczCheckTools = PackageCheckTools;

interface ListedFile {
  readonly path: string;
  readonly bytes: number;
  readonly hash: unknown;
  readonly sm3Hash: unknown;
}

interface OpenedPackage {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  readonly manifest: Uint8Array;
  readonly manifestDigest: { hash: unknown; sm3Hash: unknown };
  readonly listed: readonly ListedFile[];
  contentOf(entry: ZipEntry): Uint8Array;
}

/** Whether these bytes are a ZIP holding a datapackage.json: a WACZ, to be checked as one. */
export function isWaczPackage(bytes: Uint8Array): boolean {
  return zipLists(bytes, WACZ_PATHS.datapackage);
}

export function checkWaczPackage(bytes: Uint8Array, tools: WaczCheckTools): CertificateCheck[] {
  let opened: OpenedPackage;
  try {
    opened = openPackage(bytes, tools);
  } catch (error) {
    return [
      certificateCheck("wacz-structure", "fail", "文件不是完整的网页取证包（WACZ）", (error as Error).message),
      certificateCheck("wacz-manifest", "skip", PREREQUISITE_FAILED),
      certificateCheck("wacz-files", "skip", PREREQUISITE_FAILED),
    ];
  }
  return [
    certificateCheck("wacz-structure", "pass", `包内有 ${opened.entries.size} 个文件，清单 ${WACZ_PATHS.datapackage} 列出 ${opened.listed.length} 个`),
    checkManifest(opened, tools),
    checkFiles(opened, tools),
  ];
}

function openPackage(bytes: Uint8Array, tools: WaczCheckTools): OpenedPackage {
  const zip = openZipPackage(bytes, tools);
  const readJson = (path: string): Record<string, unknown> => {
    const json = zip.readJson(path);
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Error(`${path} 不是 JSON 对象`);
    return json as Record<string, unknown>;
  };
  const manifestJson = readJson(WACZ_PATHS.datapackage);
  const digestJson = readJson(WACZ_PATHS.datapackageDigest);
  if (digestJson.path !== WACZ_PATHS.datapackage) throw new Error(`${WACZ_PATHS.datapackageDigest} 记载的不是 ${WACZ_PATHS.datapackage} 的摘要`);
  const resources = manifestJson.resources;
  if (!Array.isArray(resources)) throw new Error(`${WACZ_PATHS.datapackage} 中没有文件清单（resources）`);
  const listed = resources.map((resource: unknown, index): ListedFile => {
    const { path, bytes, hash } = (resource ?? {}) as Record<string, unknown>;
    if (typeof path !== "string" || typeof bytes !== "number" || !Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`清单第 ${index + 1} 项缺少路径（path）或大小（bytes）`);
    return { path, bytes, hash, sm3Hash: (resource as Record<string, unknown>)[SM3_HASH_KEY] };
  });
  const { entries, contentOf } = zip;
  return { entries, manifest: contentOf(entries.get(WACZ_PATHS.datapackage)!), manifestDigest: { hash: digestJson.hash, sm3Hash: digestJson[SM3_HASH_KEY] }, listed, contentOf };
}

/**
 * Compares `content` with a listed SHA-256 (required) and SM3 (where listed); answers the problems
 * found, in Chinese, or an empty list.
 */
function digestProblems(name: string, content: Uint8Array, recorded: { hash: unknown; sm3Hash: unknown }, tools: WaczCheckTools): string[] {
  const sha256 = readWaczHash(recorded.hash, "sha256");
  const problems: string[] = [];
  if (sha256 === null) problems.push(`${name} 的 SHA-256 摘要记载缺失或格式不正确`);
  else if (tools.sha256(content) !== sha256) problems.push(`${name} 的 SHA-256 摘要与记载不一致`);
  if (recorded.sm3Hash !== undefined) {
    const sm3 = readWaczHash(recorded.sm3Hash, "sm3");
    if (sm3 === null) problems.push(`${name} 的 SM3 摘要记载格式不正确`);
    else if (tools.sm3(content) !== sm3) problems.push(`${name} 的 SM3 摘要与记载不一致`);
  }
  return problems;
}

function checkManifest(opened: OpenedPackage, tools: WaczCheckTools): CertificateCheck {
  const problems = digestProblems(WACZ_PATHS.datapackage, opened.manifest, opened.manifestDigest, tools);
  if (problems.length > 0) return certificateCheck("wacz-manifest", "fail", `清单已被改动：${problems.join("；")}`);
  const algorithms = opened.manifestDigest.sm3Hash === undefined ? "SHA-256" : "SHA-256 与 SM3";
  return certificateCheck("wacz-manifest", "pass", `${WACZ_PATHS.datapackage} 的 ${algorithms} 摘要与 ${WACZ_PATHS.datapackageDigest} 的记载一致`);
}

function checkFiles(opened: OpenedPackage, tools: WaczCheckTools): CertificateCheck {
  const problems = listedFileProblems(opened, opened.listed, (file, content) => digestProblems(file.path, content, file, tools), [WACZ_PATHS.datapackage, WACZ_PATHS.datapackageDigest]);
  if (problems.length > 0) return certificateCheck("wacz-files", "fail", `包内文件与清单不一致：${problems[0]}${problems.length > 1 ? `（共 ${problems.length} 处）` : ""}`, problems.join("\n"));
  return certificateCheck("wacz-files", "pass", `清单列出的 ${opened.listed.length} 个文件大小与摘要全部一致，包内没有清单之外的文件`);
}
