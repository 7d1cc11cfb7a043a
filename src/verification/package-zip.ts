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
