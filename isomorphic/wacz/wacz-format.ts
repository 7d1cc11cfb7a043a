/**
 * The parts of a capture package (WACZ 1.2, specs.webrecorder.net/wacz/1.2.0) that the writer
 * (server/capture/package) and the checks (src/verification/wacz-check.ts) must agree on: where each
 * file is, and how a digest is spelled. Only the files we write are named here; the checks follow
 * datapackage.json for everything else.
 */

export const WACZ_PATHS = {
  warc: "archive/data.warc.gz",
  index: "indexes/index.cdx",
  pages: "pages/pages.jsonl",
  datapackage: "datapackage.json",
  datapackageDigest: "datapackage-digest.json",
} as const;

/** The WARC's name as CDXJ lines give it: replay tools look it up below archive/. */
export const WARC_NAME = "data.warc.gz";

export type WaczHashAlgorithm = "sha256" | "sm3";

/**
 * Our extra key on each datapackage.json resource (and in datapackage-digest.json): the SM3 digest,
 * spelled `sm3:<hex>` as WACZ spells `hash` `sha256:<hex>`. Frictionless allows extra keys; replay
 * tools ignore it.
 */
export const SM3_HASH_KEY = "sm3Hash";

/** A resource as datapackage.json lists it. */
export interface WaczResource {
  readonly name: string;
  readonly path: string;
  /** `sha256:<hex>`. */
  readonly hash: string;
  readonly bytes: number;
  readonly [SM3_HASH_KEY]?: string;
}

export function formatWaczHash(algorithm: WaczHashAlgorithm, hex: string): string {
  return `${algorithm}:${hex}`;
}

/** The lowercase hex of `<algorithm>:<64 hex digits>`, or null when the value is not spelled so. */
export function readWaczHash(value: unknown, algorithm: WaczHashAlgorithm): string | null {
  if (typeof value !== "string") return null;
  const match = /^([a-z0-9-]+):([0-9a-fA-F]{64})$/.exec(value);
  return match && match[1] === algorithm ? match[2].toLowerCase() : null;
}
