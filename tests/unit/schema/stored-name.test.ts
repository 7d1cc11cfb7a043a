import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AffairFieldsSchema, DigestFieldsSchema, EvidenceNameSchema } from "../../../src/schema/evidence";
import { CreateExtractionSchema } from "../../../src/schema/evidence-library";
import {
  boundFileName,
  cleanFileName,
  hasUnsafeChars,
  removeUnsafeChars,
  STORED_NAME_MAX_LENGTH,
  UNNAMED_FILE,
  UNSAFE_MULTILINE_TEXT_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from "../../../src/schema/stored-name";
import { fileExtension } from "../../../src/schema/upload";
import { firstMessage } from "./first-issue";

const long = (length: number, char = "a") => char.repeat(length);
/** The characters that matter to the cleaner, often, plus any code unit at all (lone surrogates included). */
const nameChars = fc.oneof(
  fc.constantFrom(".", " ", "/", "\\", "\u202E", "\u2066", "\u0000", "\n", "\u3000", "😀", "\uD800", "\uDC00", "合", "a", "…", "p", "d", "f"),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
);

describe("cleanFileName", () => {
  it.each([
    ["plain name kept", "北京供货合同.pdf", "北京供货合同.pdf"],
    ["inner spaces kept, runs collapsed", "报价  单 v2.xlsx", "报价 单 v2.xlsx"],
    ["no extension", "README", "README"],
    ["empty", "", UNNAMED_FILE],
    ["missing (a part without a name)", undefined, UNNAMED_FILE],
    ["not a string", 42, UNNAMED_FILE],
    ["dot", ".", UNNAMED_FILE],
    ["dot dot", "..", UNNAMED_FILE],
    ["only dots and spaces", " . .. . ", UNNAMED_FILE],
    ["only an extension", ".pdf", `${UNNAMED_FILE}.pdf`],
    ["leading dots dropped (hidden files)", "..secret.txt", "secret.txt"],
    ["trailing dots and spaces dropped", "合同.pdf. . ", "合同.pdf"],
    ["Unix path", "/etc/passwd", "passwd"],
    ["Windows path", "C:\\Users\\张三\\合同.docx", "合同.docx"],
    ["traversal", "../../合同.pdf", "合同.pdf"],
    ["ends in a separator", "folder/", UNNAMED_FILE],
    ["NUL removed", "a\u0000b.txt", "ab.txt"],
    ["C1 control removed", "a\u0085b\u009f.txt", "a b.txt"],
    ["line breaks and tabs become spaces", "第一行\r\n第二行\t.txt", "第一行 第二行.txt"],
    ["right-to-left override (fdp.exe shown as exe.pdf)", "invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["every bidi control removed", "a\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061Cb.txt", "ab.txt"],
    ["byte-order mark removed", "\uFEFF合同.pdf", "合同.pdf"],
    ["lone surrogate replaced", "a\uD800b.txt", "a\uFFFDb.txt"],
    ["emoji kept whole", "照片😀.png", "照片😀.png"],
    ["only controls", "\u202E\u0000\u0007", UNNAMED_FILE],
    ["upper-case extension kept", "SCAN.PDF", "SCAN.PDF"],
  ])("%s: %j → %j", (_case, raw, expected) => {
    expect(cleanFileName(raw)).toBe(expected);
  });

  it("shortens a long name to the bound with an ellipsis, keeping the extension", () => {
    const cleaned = cleanFileName(`${long(60_000)}.pdf`);
    expect(cleaned).toHaveLength(STORED_NAME_MAX_LENGTH);
    expect(cleaned.endsWith("….pdf")).toBe(true);
    expect(fileExtension(cleaned)).toBe("pdf");
  });

  it.each([
    ["Chinese", `${long(5000, "合")}.docx`, ".docx"],
    ["no extension", long(5000), ""],
    ["a 'tail' too long to be an extension", `a.${long(5000)}`, ""],
    ["a tail with spaces", `a.${long(50)} ${long(5000)}`, ""],
  ])("bounds %s", (_case, raw, extension) => {
    const cleaned = cleanFileName(raw);
    expect(cleaned.length).toBeLessThanOrEqual(STORED_NAME_MAX_LENGTH);
    expect(cleaned.endsWith(`…${extension}`)).toBe(true);
  });

  it("never splits a surrogate pair when shortening", () => {
    const cleaned = cleanFileName(`${long(98)}😀😀😀.txt`);
    expect(cleaned.length).toBeLessThanOrEqual(STORED_NAME_MAX_LENGTH);
    expect(hasUnsafeChars(cleaned)).toBe(false);
    expect(cleaned.endsWith("….txt")).toBe(true);
  });

  it.each([
    ["spaces that do not reach the end", `${long(100_000, " ")}a`],
    ["dots and spaces that do not reach the end", `${long(100_000, ". ")}a.txt`],
    ["a million characters", long(1_000_000, "合")],
  ])("takes linear time on %s", (_case, raw) => {
    const start = performance.now();
    expect(cleanFileName(raw).length).toBeLessThanOrEqual(STORED_NAME_MAX_LENGTH);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it("takes a smaller bound when asked", () => {
    expect(cleanFileName("一二三四五六七八九十.txt", 8)).toBe("一二三….txt");
  });

  it("is bounded, clean, idempotent and never empty, for any input", () => {
    fc.assert(
      fc.property(fc.string({ unit: nameChars, maxLength: 400 }), (raw) => {
        const cleaned = cleanFileName(raw);
        return (
          cleaned.length > 0 &&
          cleaned.length <= STORED_NAME_MAX_LENGTH &&
          !hasUnsafeChars(cleaned) &&
          !/[/\\]|^[.\s]|[.\s]$/u.test(cleaned) &&
          cleanFileName(cleaned) === cleaned
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe("boundFileName", () => {
  it("keeps a typed name's separators (it is not a path) and bounds the joined name, keeping the extension", () => {
    expect(boundFileName("甲/乙合同-扫描件.pdf")).toBe("甲/乙合同-扫描件.pdf");
    const joined = boundFileName(`${long(100, "名")}-${long(95)}.pdf`);
    expect(joined).toHaveLength(STORED_NAME_MAX_LENGTH);
    expect(joined.endsWith("….pdf")).toBe(true);
  });
});

describe("removeUnsafeChars", () => {
  it("turns breaks into spaces and drops the rest", () => {
    expect(removeUnsafeChars("a\nb\u202Ec\u0000d")).toBe("a bcd");
  });
});

describe("typed text refuses control and bidi characters instead of altering them", () => {
  it.each([
    ["合同扫描件", null],
    ["甲方/乙方 合同 (2024)", null],
    ["合同\u202Efdp.exe", UNSAFE_TEXT_MESSAGE],
    ["合同\u2066", UNSAFE_TEXT_MESSAGE],
    ["合同\u200F", UNSAFE_TEXT_MESSAGE],
    ["第一行\n第二行", UNSAFE_TEXT_MESSAGE],
    ["a\u0000b", UNSAFE_TEXT_MESSAGE],
    ["a\uD800", UNSAFE_TEXT_MESSAGE],
    ["   ", "请输入存证名称"],
    [long(101), "存证名称不能超过100个字符"],
  ])("evidence name %j → %s", (value, message) => {
    expect(firstMessage(EvidenceNameSchema, value)).toBe(message);
  });

  it.each([
    ["第一行\n第二行\t说明", null],
    ["说明\u202E", UNSAFE_MULTILINE_TEXT_MESSAGE],
    ["说明\u0007", UNSAFE_MULTILINE_TEXT_MESSAGE],
  ])("a text area's description %j → %s", (description, message) => {
    expect(firstMessage(AffairFieldsSchema, { name: "事务", description })).toBe(message);
  });

  it.each([
    ["给律师", null],
    ["给律师\u202E", UNSAFE_TEXT_MESSAGE],
    ["给\n律师", UNSAFE_TEXT_MESSAGE],
  ])("an extraction remark %j → %s", (remark, message) => {
    expect(firstMessage(CreateExtractionSchema, { evidenceIds: [1], validDays: 7, remark })).toBe(message);
  });
});

describe("a file name the browser hashed (hash evidence) is cleaned like an uploaded one", () => {
  const digests = { size: 10, sha256: "a".repeat(64), sm3: "b".repeat(64) };
  it.each([
    [`${long(300)}.pdf`, `${long(STORED_NAME_MAX_LENGTH - 5)}….pdf`],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["..", UNNAMED_FILE],
  ])("%j → %j", (fileName, expected) => {
    expect(DigestFieldsSchema.parse({ ...digests, fileName }).fileName).toBe(expected);
  });

  it("still requires one", () => {
    expect(firstMessage(DigestFieldsSchema, { ...digests, fileName: " " })).toBe("请输入文件名称");
  });
});
