import { describe, expect, it } from "vitest";
import { originalFileName } from "../../../server/modules/evidence-library/package-contents.js";
import { AFFAIR_MANIFEST_FORMAT } from "../../../src/schema/affair-manifest.js";
import { packageFileName } from "../../../server/modules/evidence-library/download-reply.js";
import { generateExtractCode, generateExtractNo } from "../../../server/modules/evidence-library/extraction-secrets.js";
import { readSelection, withSelection } from "../../../src/pages/evidences/evidence-selection.js";
import { EXTRACT_CODE_PATTERN, EXTRACT_NO_PATTERN } from "../../../src/schema/evidence-library.js";
import type { LibraryRecord } from "../../../server/modules/evidence-library/evidence-library.ports.js";

const record = (name: string, kind: LibraryRecord["kind"] = "file", details: Record<string, unknown> = {}) => ({ name, kind, details, blobSha256: "0".repeat(64) }) as LibraryRecord;

describe("names inside an evidence package", () => {
  it.each([
    ["合同.pdf", "file", { fileName: "合同.pdf" }, "合同.pdf"],
    // A name the holder typed does not cost the original its own name and extension.
    ["审计合同文件", "file", { fileName: "contract.txt" }, "contract.txt"],
    ["作品", "rightsFile", { fileName: "photo.jpg" }, "photo.jpg"],
    ["设计稿", "hash", { fileName: "design.psd", originalFileName: "design-v2.psd" }, "design-v2.psd"],
    ["../../etc/passwd", "file", {}, "_.._etc_passwd"],
    ['a<b>:c"d|e?f*.txt', "file", {}, "a_b__c_d_e_f_.txt"],
    ["  .hidden. ", "file", {}, "hidden"],
    ["", "file", {}, "download"],
    ["聊天记录", "text", {}, "聊天记录.txt"],
    ["notes.md", "text", {}, "notes.md"],
    ["货款", "voucher", {}, "货款-交易凭证.json"],
    ["采购", "affair", { contentFormat: AFFAIR_MANIFEST_FORMAT }, "采购-事务清单.json"],
    ["旧事务", "affair", { childCount: 2 }, "旧事务-子存证叶哈希.bin"],
  ] as const)("%j (%s, %j) → %j", (name, kind, details, expected) => {
    expect(originalFileName(record(name, kind, details))).toBe(expected);
  });

  it("has no original file for a record of digests only", () => {
    expect(originalFileName({ ...record("设计稿", "hash", { fileName: "design.psd" }), blobSha256: null })).toBeNull();
  });

  it("names a package by its Shanghai time", () => {
    expect(packageFileName("证据打包", Date.UTC(2026, 10, 22, 18, 5, 9))).toBe("证据打包-20261123-020509.zip");
  });
});

describe("extraction secrets", () => {
  it("draws numbers and codes of the published shapes, without repeats in practice", () => {
    const numbers = new Set(Array.from({ length: 2000 }, generateExtractNo));
    expect(numbers.size).toBe(2000);
    for (const number of numbers) expect(number).toMatch(EXTRACT_NO_PATTERN);
    for (let i = 0; i < 2000; i++) expect(generateExtractCode()).toMatch(EXTRACT_CODE_PATTERN);
  });
});

describe("a selection in the URL", () => {
  it.each([
    ["ids=3,1,3", [3, 1]],
    ["ids=1,x,-2,0,2.5,7", [1, 7]],
    ["", []],
  ])("%s → %j", (query, ids) => {
    expect(readSelection(new URLSearchParams(query))).toEqual(ids);
  });

  it("round-trips", () => {
    expect(withSelection("/evidences/evidenceExtract", [4, 9])).toBe("/evidences/evidenceExtract?ids=4%2C9");
    expect(readSelection(new URLSearchParams(withSelection("/x", [4, 9]).split("?")[1]))).toEqual([4, 9]);
    expect(withSelection("/x", [])).toBe("/x");
  });
});
