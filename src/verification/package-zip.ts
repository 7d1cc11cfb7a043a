import { openZip, type ZipEntry } from "../../isomorphic/wacz/zip-directory";

/**
 * A package the platform sealed as a ZIP (a web capture's WACZ, a recording package), opened in
 * memory for its checks: each entry's content and its JSON. The digests and raw inflate come in as
 * arguments, as the other verification code takes its digests, so the same checks run in the
 * browser and in the offline verifier.
 */

export interface PackageCheckTools {
  /** Lowercase hex. */
  sha256(data: Uint8Array): string;
  sm3(data: Uint8Array): string;
  inflateRaw(data: Uint8Array): Uint8Array;
}

export interface OpenedZipPackage {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  /** The entry's content, inflated when stored compressed; throws with a Chinese message. */
  contentOf(entry: ZipEntry): Uint8Array;
  /** The named entry's JSON; throws with a Chinese message when absent or not JSON. */
  readJson(path: string): unknown;
}

export function openZipPackage(bytes: Uint8Array, tools: Pick<PackageCheckTools, "inflateRaw">): OpenedZipPackage {
  const zip = openZip(bytes);
  const entries = new Map(zip.entries.map((entry) => [entry.name, entry]));
  const contentOf = (entry: ZipEntry) => {
    const stored = zip.storedBytes(entry);
    const content = entry.method === 8 ? tools.inflateRaw(stored) : stored;
    if (content.length !== entry.size) throw new Error(`压缩包中 ${entry.name} 解压后的长度与压缩包目录不符`);
    return content;
  };
  const readJson = (path: string): unknown => {
    const entry = entries.get(path);
    if (!entry) throw new Error(`包内没有 ${path}`);
    try {
      return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(contentOf(entry))) as unknown;
    } catch (error) {
      throw new Error(`${path} 不是有效的 JSON 文本：${(error as Error).message}`);
    }
  };
  return { entries, contentOf, readJson };
}

/** Whether these bytes are a ZIP whose directory lists `path`. */
export function zipLists(bytes: Uint8Array, path: string): boolean {
  try {
    return openZip(bytes).entries.some((entry) => entry.name === path);
  } catch {
    return false;
  }
}

/**
 * What differs between a package's files and the list its manifest keeps: a listed file missing or
 * unreadable, of another size or with other digests (`digestProblems` judges a file of the right
 * size), and any file the list does not name besides `unlistedAllowed` (the manifest itself).
 */
export function listedFileProblems<File extends { path: string; bytes: number }>(
  zip: Pick<OpenedZipPackage, "entries" | "contentOf">,
  listed: readonly File[],
  digestProblems: (file: File, content: Uint8Array) => string[],
  unlistedAllowed: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const file of listed) {
    const entry = zip.entries.get(file.path);
    if (!entry) {
      problems.push(`清单列出的 ${file.path} 不在包内`);
      continue;
    }
    let content: Uint8Array;
    try {
      content = zip.contentOf(entry);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    if (content.length !== file.bytes) problems.push(`${file.path} 的大小（${content.length} 字节）与清单记载（${file.bytes} 字节）不一致`);
    else problems.push(...digestProblems(file, content));
  }
  const named = new Set([...unlistedAllowed, ...listed.map((file) => file.path)]);
  for (const name of zip.entries.keys()) if (!named.has(name) && !name.endsWith("/")) problems.push(`包内的 ${name} 不在清单中`);
  return problems;
}
