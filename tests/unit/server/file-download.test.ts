import { describe, expect, it } from "vitest";
import { contentDisposition, safeFileName } from "../../../server/http/file-download.js";

/** The filename* value of a Content-Disposition, decoded as a browser does (RFC 8187). */
const decodedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)![1]);
const fallbackName = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe("Content-Disposition of a download (RFC 6266 with RFC 8187 filename*)", () => {
  it.each([
    ["审计合同文件.txt", "download.txt"],
    ["contract.txt", "contract.txt"],
    ["存证证书-HZ0123456789ABCDEFGHJKMN.pdf", "HZ0123456789ABCDEFGHJKMN.pdf"],
    ["租赁合同（签字版）.pdf", "download.pdf"],
    ["report 2026 (final)'s*.docx", "report 2026 (final)'s.docx"],
    ["说明", "download"],
  ])("%j keeps its name in filename* and its extension in the ASCII fallback %j", (name, fallback) => {
    const header = contentDisposition(name);
    expect(header.startsWith("attachment; ")).toBe(true);
    expect(decodedName(header)).toBe(safeFileName(name));
    expect(fallbackName(header)).toBe(fallback);
    // Only attr-chars and percent escapes in filename*, only printable ASCII anywhere.
    expect(/filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.test(header)).toBe(true);
    expect(/^[\x20-\x7e]+$/.test(header)).toBe(true);
  });

  it.each([
    ["../../etc/passwd", "_.._etc_passwd"],
    ["a\u202Etxt.exe", "a_txt.exe"],
    ["line\r\nbreak.txt", "line__break.txt"],
    ["..", "download"],
    ["", "download"],
    [`${"长".repeat(400)}.txt`, `${"长".repeat(146)}.txt`],
  ])("cleans %j to the single safe name %j", (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });
});
