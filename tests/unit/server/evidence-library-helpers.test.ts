import { describe, expect, it } from "vitest";
import { contentFileName } from "../../../server/modules/evidence-library/package-contents.js";
import { packageFileName } from "../../../server/modules/evidence-library/download-reply.js";
import { generateExtractCode, generateExtractNo } from "../../../server/modules/evidence-library/extraction-secrets.js";
import { readSelection, withSelection } from "../../../src/pages/evidences/evidence-paths.js";
import { EXTRACT_CODE_PATTERN, EXTRACT_NO_PATTERN } from "../../../src/schema/evidence-library.js";
import type { LibraryRecord } from "../../../server/modules/evidence-library/evidence-library.ports.js";

const record = (name: string, kind: LibraryRecord["kind"] = "file") => ({ name, kind }) as LibraryRecord;

describe("names inside an evidence package", () => {
  it.each([
    ["合同.pdf", "file", "合同.pdf"],
    ["../../etc/passwd", "file", "_.._etc_passwd"],
    ['a<b>:c"d|e?f*.txt', "file", "a_b__c_d_e_f_.txt"],
    ["  .hidden. ", "file", "hidden"],
    ["", "file", "evidence"],
    ["聊天记录", "text", "聊天记录.txt"],
    ["notes.md", "text", "notes.md"],
  ] as const)("%j (%s) → %j", (name, kind, expected) => {
    expect(contentFileName(record(name, kind))).toBe(expected);
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
