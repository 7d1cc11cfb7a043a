import { describe, expect, it } from "vitest";
import { layoutLines, type TextBox } from "../../../server/modules/certificate/pdf-text-layout.js";

/** Every character one unit wide except ideographs (two), so widths are easy to count. */
const measure = (char: string) => (/[\u4e00-\u9fff]/u.test(char) ? 2 : 1);
const box = (width: number, maxLines = 5, maxChars = 1000): TextBox => ({ width, maxLines, maxChars, measure });
const texts = (text: string, limits: TextBox) => layoutLines(text, limits).map((line) => line.text);

describe("layoutLines", () => {
  it.each([
    ["fits on one line", "hello", box(10), ["hello"]],
    ["breaks at the last space and drops it", "hello world again", box(12), ["hello world", "again"]],
    ["a space where the line is full is dropped", "abcde fgh", box(5), ["abcde", "fgh"]],
    ["a word longer than the line is cut where the line is full", "abcdefghijkl", box(5), ["abcde", "fghij", "kl"]],
    ["after a slash, hyphen or plus (paths, keys)", "origin/log+1a2b3c4d+AbCd", box(12), ["origin/log+", "1a2b3c4d+", "AbCd"]],
    ["between ideographs", "一二三四五六", box(6), ["一二三", "四五六"]],
    ["never before closing punctuation", "一二，三", box(4), ["一", "二，", "三"]],
    ["never after opening punctuation", "一二（三", box(5), ["一二", "（三"]],
    ["between Latin and Chinese", "abc合同", box(4), ["abc", "合同"]],
    ["keeps explicit line breaks", "第一\n第二", box(20), ["第一", "第二"]],
    ["tabs become spaces; controls and bidi overrides are not drawn", "a\tb\u202Ec\u0000d\r", box(20), ["a bcd"]],
    ["empty text has no lines", "", box(10), []],
  ])("%s", (_case, text, limits, expected) => {
    expect(texts(text, limits)).toEqual(expected);
  });

  it("cuts again when what follows the break leaves no room for a wide character", () => {
    const wideBang = (char: string) => (char === "！" ? 3 : 1);
    expect(texts("a-bc！", { width: 4, maxLines: 5, maxChars: 100, measure: wideBang })).toEqual(["a-", "bc", "！"]);
  });

  it("keeps every line within the width, and reports each line's width", () => {
    for (const line of layoutLines("合同扫描件 contract-2024.pdf 北京供货合同（甲方、乙方）".repeat(5), box(17, 100))) {
      expect(line.width).toBeLessThanOrEqual(17);
      expect(line.width).toBe([...line.text].reduce((sum, char) => sum + measure(char), 0));
    }
  });

  it.each([
    ["more lines than allowed", "abcdefghijklmnopqrstuvwxyz", box(5, 2), ["abcde", "fghi…"]],
    ["more characters than looked at", "abcdefghij", box(100, 5, 4), ["abcd…"]],
    ["a break that fills the last line", "一二三四\n五六", box(8, 1), ["一二三…"]],
  ])("ends with an ellipsis when the text does not fit: %s", (_case, text, limits, expected) => {
    expect(texts(text, limits)).toEqual(expected);
  });

  it("adds no ellipsis when only spaces are left over", () => {
    expect(texts("abcde     ", box(5, 1))).toEqual(["abcde"]);
  });

  it("measures each character once or twice, whatever the length of the text (linear, bounded)", () => {
    for (const text of ["a".repeat(60_000), "合".repeat(60_000), "ab ".repeat(20_000)]) {
      let measured = 0;
      const counting = (char: string) => {
        measured += 1;
        return measure(char);
      };
      const lines = layoutLines(text, { width: 60, maxLines: 3, maxChars: 300, measure: counting });
      expect(lines).toHaveLength(3);
      expect(lines[2].text.endsWith("…")).toBe(true);
      // At most: each character looked at, once more when carried or for the line widths, and the ellipsis fitting.
      expect(measured).toBeLessThan(4 * 300);
    }
  });
});
