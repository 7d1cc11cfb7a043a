import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config.js";
import { CitationRewriter, NumberedSources } from "../../../server/modules/legal-ai/citation-numbering.js";
import type { Passage } from "../../../server/modules/legal-ai/passage-library.js";
import { PASSAGE_MAX, PASSAGE_MIN, splitPassages } from "../../../server/modules/legal-ai/passage-split.js";
import { significantWords } from "../../../server/modules/legal-ai/retrieval.js";
import { LegalAiCode } from "../../../src/schema/legal-ai.js";

/** The assistant's parts that need no database: passages, citation numbering, the fallback's words, configuration. */

describe("passages", () => {
  const sentence = (n: number) => `第${n}句说明电子数据存证的一个要点，内容足够长以便凑成段落。`;
  const long = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join("");
  const text = ["短段落一。", "短段落二。", long, "结尾的一个短段落。"].join("\n");

  it("cuts paragraph-sized slices of the text at sentence ends, joining short neighbours", () => {
    const passages = splitPassages(text);
    let searchFrom = 0;
    for (const passage of passages) {
      // Each passage is the source's text exactly, in order.
      const at = text.indexOf(passage, searchFrom);
      expect(at).toBeGreaterThanOrEqual(searchFrom);
      searchFrom = at + passage.length;
      expect(passage.length).toBeLessThanOrEqual(PASSAGE_MAX);
    }
    // Short paragraphs join what follows, with their line breaks; the long one is cut after sentences, never inside one.
    expect(passages[0]).toMatch(/^短段落一。\n短段落二。\n第1句/);
    expect(passages.length).toBeGreaterThan(2);
    for (const passage of passages) expect(passage).toMatch(/。$/);
    expect(passages.every((passage) => passage.length >= PASSAGE_MIN)).toBe(true);
    expect(passages.at(-1)).toMatch(/\n结尾的一个短段落。$/);
    // Nothing is lost between passages but the line breaks and spaces where they were cut.
    expect(passages.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("cuts a sentence longer than a passage where it must, and ignores blank text", () => {
    const endless = "存".repeat(PASSAGE_MAX * 2 + 10);
    expect(splitPassages(endless).map((passage) => passage.length)).toEqual([PASSAGE_MAX, PASSAGE_MAX, 10]);
    expect(splitPassages(" \n\n ")).toEqual([]);
  });
});

describe("citation numbering", () => {
  const passage = (n: number) => ({ passage: { ref: `rule:r${n}#1`, text: `条文${n}`, source: { kind: "rule", sourceId: `r${n}`, label: `规定${n}`, article: null, text: `条文${n}`, passages: [] } } as unknown as Passage, score: n });

  it("renumbers by first mention as the text streams, markers split across pieces included, and drops markers that point nowhere", () => {
    const sources = new NumberedSources();
    sources.add([passage(1), passage(2), passage(3)]);
    expect(sources.add([passage(3), passage(4)]).map((item) => item.number)).toEqual([3, 4]);
    const rewriter = new CitationRewriter(sources);
    const pieces = ["依据[", "3]和[1", "，4]，另见[9]与[3]", "。末尾[2"];
    const shown = pieces.map((piece) => rewriter.feed(piece)).join("") + rewriter.flush();
    expect(shown).toBe("依据[1]和[2][3]，另见与[1]。末尾[2");
    expect(rewriter.text).toBe(shown);
    expect(rewriter.citations().map((citation) => [citation.index, citation.sourceId])).toEqual([
      [1, "r3"],
      [2, "r1"],
      [3, "r4"],
    ]);
  });
});

describe("the fallback's significant words", () => {
  it("drops how a question is asked and keeps what it is about", () => {
    expect(significantWords("请问什么是电子数据存证？")).toBe("电子数据存证");
    expect(significantWords("聊天记录截图是否可以作为证据呢")).toBe("聊天记录截图 作为证据");
  });
});

describe("model configuration", () => {
  const model = { LLM_BASE_URL: "https://llm.example.cn/v1/", LLM_API_KEY: "sk-secret-value-1234", LLM_MODEL: "legal-model" };

  it("is all three variables or none, and never echoes the key", () => {
    expect(loadConfig({}).legalAi).toEqual({ llm: null, questionsPerHour: 30 });
    expect(loadConfig({ ...model, LEGAL_AI_QUESTIONS_PER_HOUR: "5" }).legalAi).toEqual({
      llm: { baseUrl: "https://llm.example.cn/v1", apiKey: "sk-secret-value-1234", model: "legal-model" },
      questionsPerHour: 5,
    });
    expect(() => loadConfig({ LLM_BASE_URL: model.LLM_BASE_URL })).toThrow(/LLM_API_KEY、LLM_MODEL 未配置/);
    expect(() => loadConfig({ ...model, LLM_BASE_URL: "ftp://llm" })).toThrow(/LLM_BASE_URL 必须是 http:\/\/ 或 https:\/\/ 开头/);
    expect(() => loadConfig({ LEGAL_AI_QUESTIONS_PER_HOUR: "0" })).toThrow(/LEGAL_AI_QUESTIONS_PER_HOUR 必须是 1-10000 之间的整数/);
    const tooLong = "k".repeat(501);
    try {
      loadConfig({ ...model, LLM_API_KEY: tooLong });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain("LLM_API_KEY 不能超过 500 个字符");
      expect((error as Error).message).not.toContain(tooLong);
    }
  });

  it("names its failure code in the contract", () => {
    expect(LegalAiCode.modelFailed).toBe(3814);
  });
});
