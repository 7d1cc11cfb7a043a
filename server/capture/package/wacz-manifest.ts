import { createHash } from "node:crypto";
import { formatWaczHash, SM3_HASH_KEY, WACZ_PATHS, type WaczResource } from "../../../isomorphic/wacz/wacz-format.js";
import type { CapturePackageInput, PackagedFile } from "../capture-engine.types.js";

/**
 * The text files of a capture package (WACZ 1.2): pages/pages.jsonl, datapackage.json and
 * datapackage-digest.json, as pure functions of the capture, so the same capture always gives the
 * same bytes (a rebuilt package is byte-identical, and its ledger digest still holds).
 */

/**
 * `wacz_version` is the field replay tools and validators read; 1.2.0 leaves it out rather than
 * changing it, and every writer still says 1.1.1, so we say so too (the layout is 1.2.0's).
 */
const WACZ_VERSION = "1.1.1";

/** One page per capture (issue 15: one snapshot covers one web page), under json-pages-1.0. */
export function pagesJsonl(input: CapturePackageInput): string {
  const header = { format: "json-pages-1.0", id: "pages", title: "All Pages" };
  // A stable id: the same page at the same time is the same entry.
  const id = createHash("sha256").update(`${input.startedAt} ${input.finalUrl}`).digest("hex").slice(0, 32);
  const page = { id, url: input.finalUrl, ts: input.startedAt, title: input.title };
  return `${JSON.stringify(header)}\n${JSON.stringify(page)}\n`;
}

function resourceOf(file: PackagedFile): WaczResource {
  return {
    name: file.path.slice(file.path.lastIndexOf("/") + 1),
    path: file.path,
    hash: formatWaczHash("sha256", file.sha256),
    bytes: file.bytes,
    [SM3_HASH_KEY]: formatWaczHash("sm3", file.sm3),
  };
}

/** The manifest (Frictionless data package): the capture's page and date, and every other file with its size and digests. */
export function datapackageJson(input: CapturePackageInput, files: readonly PackagedFile[]): string {
  const redirected = input.requestedUrl === input.finalUrl ? "" : `，跳转至 ${input.finalUrl}`;
  const datapackage = {
    profile: "data-package",
    wacz_version: WACZ_VERSION,
    title: input.title || input.finalUrl,
    description: `网页取证：${input.requestedUrl}${redirected}，取证开始于 ${input.startedAt}。`,
    created: input.startedAt,
    software: input.software,
    mainPageUrl: input.finalUrl,
    mainPageDate: input.startedAt,
    resources: files.map(resourceOf),
  };
  return `${JSON.stringify(datapackage, null, 2)}\n`;
}

/** datapackage-digest.json: the manifest's digest, so the manifest (and through it every file) can be checked. */
export function datapackageDigestJson(datapackage: PackagedFile): string {
  const digest = {
    path: WACZ_PATHS.datapackage,
    hash: formatWaczHash("sha256", datapackage.sha256),
    [SM3_HASH_KEY]: formatWaczHash("sm3", datapackage.sm3),
  };
  return `${JSON.stringify(digest, null, 2)}\n`;
}
