import { describe, expect, it } from "vitest";
import { HitMatchSchema } from "../../../src/schema/monitor.js";
import { matchKeywords } from "../../../server/monitoring/matchers/index.js";
import { keywordCases } from "../../support/monitor-corpus.js";

/** Keyword monitoring (public opinion, e-commerce): case- and width-insensitive, exclusions veto. */
describe("matchKeywords", () => {
  it.each(keywordCases().map((c, i) => [i, c] as const))("case %i", (_i, { text, keywords, exclude, expected }) => {
    const verdict = matchKeywords(text, keywords, exclude);
    if (expected === null) {
      expect(verdict).toBeNull();
      return;
    }
    const match = HitMatchSchema.parse(verdict!.match);
    if (match.kind !== "keyword") throw new Error(match.kind);
    expect(match.keywords).toEqual(expected);
    expect(verdict!.score).toBe(Math.round((100 * expected.length) / keywords.length));
    match.snippets.forEach((snippet, index) => expect(snippet.toLowerCase().normalize("NFKC")).toContain(expected[index]));
  });

  it("snippets are about 40 characters either side, at most five", () => {
    const filler = "这是一段与主题无关的填充文字。".repeat(10);
    const text = ["甲", "乙", "丙", "丁", "戊", "己"].map((word) => `${filler}${word}品牌${filler}`).join("");
    const verdict = matchKeywords(text, ["甲品牌", "乙品牌", "丙品牌", "丁品牌", "戊品牌", "己品牌"], [])!;
    const match = HitMatchSchema.parse(verdict.match);
    if (match.kind !== "keyword") throw new Error(match.kind);
    expect(match.keywords).toHaveLength(6);
    expect(match.snippets).toHaveLength(5);
    for (const snippet of match.snippets) expect(snippet.length).toBeLessThanOrEqual(3 + 40 + 3 + 40 + 1);
  });

  it.each([
    ["no keywords", "任何文字", [], []],
    ["blank keywords", "任何文字", ["  ", ""], []],
    ["empty text", "", ["品牌"], []],
  ])("%s matches nothing", (_case, text, keywords, exclude) => {
    expect(matchKeywords(text, keywords, exclude)).toBeNull();
  });
});
