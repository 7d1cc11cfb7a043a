import { describe, expect, it } from "vitest";
import { sentenceRuns } from "../../../server/modules/lawsuit-package/platform-document-pdf.js";

describe("sentenceRuns (a long paragraph of a platform document, drawn in bounded blocks)", () => {
  it("keeps a short paragraph whole", () => {
    expect(sentenceRuns("一句话。第二句话。", 400)).toEqual(["一句话。第二句话。"]);
  });

  it("cuts after whole sentences, losing and reordering nothing", () => {
    const sentences = Array.from({ length: 30 }, (_, index) => `第${index + 1}句说明电子数据的固定与核验。`);
    const text = sentences.join("");
    const runs = sentenceRuns(text, 60);
    expect(runs.join("")).toBe(text);
    expect(runs.length).toBeGreaterThan(1);
    for (const run of runs) {
      expect(run.length).toBeLessThanOrEqual(60);
      expect(run.endsWith("。")).toBe(true);
    }
  });

  it("cuts a sentence longer than the bound where it must", () => {
    const text = "长".repeat(130);
    const runs = sentenceRuns(text, 50);
    expect(runs.map((run) => run.length)).toEqual([50, 50, 30]);
    expect(runs.join("")).toBe(text);
  });
});
