import { describe, expect, it } from "vitest";
import { commonWording, keywordSegments } from "../../../../src/pages/monitor/common-wording";

const marked = (segments: { text: string; isShared: boolean }[]) => segments.map((segment) => (segment.isShared ? `[${segment.text}]` : segment.text)).join("");

describe("the shared wording of a matched passage", () => {
  it.each([
    ["清晨的山谷里雾气还没有散去", "清晨的山谷中雾气尚未散去", "[清晨的山谷]里[雾气]还没有[散去]", "[清晨的山谷]中[雾气]尚未[散去]"],
    ["一字不差", "一字不差", "[一字不差]", "[一字不差]"],
    ["完全不同", "另有其文", "完全不同", "另有其文"],
    ["", "新增的话", "", "新增的话"],
  ])("%s ~ %s", (work, found, workMarked, foundMarked) => {
    const result = commonWording(work, found);
    expect([marked(result.work), marked(result.found)]).toEqual([workMarked, foundMarked]);
    // Nothing is lost: the segments are the passage.
    expect(result.work.map((segment) => segment.text).join("")).toBe(work);
    expect(result.found.map((segment) => segment.text).join("")).toBe(found);
  });

  it("marks the keywords of a snippet, whatever their case, and escapes their characters", () => {
    expect(marked(keywordSegments("样例品牌 Cola 假冒商品，cola 低价", ["cola", "假冒"]))).toBe("样例品牌 [Cola] [假冒]商品，[cola] 低价");
    expect(marked(keywordSegments("价格 (特价) 9.9 元", ["(特价)", "9.9"]))).toBe("价格 [(特价)] [9.9] 元");
    expect(marked(keywordSegments("没有关键词", []))).toBe("没有关键词");
  });
});
