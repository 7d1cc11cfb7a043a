import { describe, expect, it } from "vitest";
import { HitMatchSchema } from "../../../src/schema/monitor.js";
import { fingerprintText, matchText, normalizeText } from "../../../server/monitoring/matchers/index.js";
import { editedCopyOf, pageAround, sampleArticle, textSet, unrelatedArticle } from "../../support/monitor-corpus.js";

/** The text matcher (SimHash + exact passages) on the whole labelled set (it is fast), and its edges. */
const set = textSet();

describe("matchText on the labelled set", () => {
  it.each(set.works.map((work) => [work.id, work] as const))("%s: its copies match, other texts do not", (_id, work) => {
    const print = fingerprintText(work.text);
    for (const found of set.found) {
      const verdict = matchText(print, found.text);
      if (found.copies === work.id) expect(verdict, found.id).not.toBeNull();
      else expect(verdict, found.id).toBeNull();
    }
  });

  it("a copy wrapped in a page shows where it matches: passages in both wordings, at their offsets", () => {
    const article = sampleArticle();
    const print = fingerprintText(article.text);
    const page = pageAround(editedCopyOf(article.text), unrelatedArticle().text);
    const verdict = matchText(print, page)!;
    const match = HitMatchSchema.parse(verdict.match);
    if (match.kind !== "text") throw new Error(match.kind);
    expect(match.overlapRatio).toBeGreaterThan(0.3);
    expect(match.passages.length).toBeGreaterThan(3);
    const normalizedPage = normalizeText(page);
    for (const passage of match.passages) {
      expect(print.normalized.slice(passage.workOffset, passage.workOffset + passage.work.length)).toBe(passage.work);
      expect(normalizedPage.slice(passage.foundOffset, passage.foundOffset + passage.found.length)).toBe(passage.found);
    }
    expect(verdict.score).toBeGreaterThan(30);
    expect(verdict.score).toBeLessThanOrEqual(100);
  });

  it("an identical text scores 100 at SimHash distance 0", () => {
    const article = sampleArticle();
    const verdict = matchText(fingerprintText(article.text), article.text)!;
    expect(verdict.score).toBe(100);
    expect(verdict.match).toMatchObject({ kind: "text", simhashDistance: 0, overlapRatio: 1 });
  });
});

describe("text normalisation and edges", () => {
  it("full-width letters, digits and spacing do not hide a copy", () => {
    const work = "ＡＢＣ公司于２０２６年发布了全新的产品系列，售价一千二百九十九元起，首批限量五千台。";
    const found = "abc公司于 2026 年发布了全新的产品系列，售价一千二百九十九元起，首批限量五千台。";
    expect(matchText(fingerprintText(work), found)).not.toBeNull();
  });

  it.each([
    ["an empty work", "", "任何文字"],
    ["an empty page", "这是一篇足够长的文章，用来检查空页面不会被当成抄袭。", ""],
    ["a page of punctuation only", "这是一篇足够长的文章，用来检查空页面不会被当成抄袭。", "，。！？…… —— "],
  ])("%s matches nothing", (_case, work, found) => {
    expect(matchText(fingerprintText(work), found)).toBeNull();
  });

  it("the fingerprint is 16 hex digits and stable", () => {
    const print = fingerprintText(sampleArticle().text);
    expect(print.simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprintText(sampleArticle().text)).toEqual(print);
  });
});
