import { describe, expect, it } from "vitest";
import {
  assessCapture,
  BLANK_INK_RATIO,
  BOT_WALL_MAX_TEXT,
  COOKIE_BANNER_MIN_COVERAGE,
  FAILED_RESOURCES_MIN,
  type PageSignals,
  type QaInput,
} from "../../server/capture/browser/capture-qa.js";

const signals: PageSignals = { title: "新闻", text: "正文".repeat(100), textLength: 200, pageHeight: 2000, sources: ["https://example.com/app.js"], overlays: [] };
const clean: QaInput = { signals, mainStatus: 200, inkRatio: 0.2, requests: 30, failedRequests: 0 };
const codes = (input: QaInput) => assessCapture(input).findings.map((finding) => finding.code);

describe("assessCapture thresholds", () => {
  it.each([
    { name: "a clean page", input: clean, expected: [] },
    { name: "ink below the blank threshold and no text", input: { ...clean, inkRatio: BLANK_INK_RATIO / 2, signals: { ...signals, text: "", textLength: 0 } }, expected: ["blank"] },
    { name: "little ink but real text (white text on white) is not blank", input: { ...clean, inkRatio: BLANK_INK_RATIO / 2 }, expected: [] },
    { name: "status 404", input: { ...clean, mainStatus: 404 }, expected: ["errorStatus"] },
    { name: "status 399 is no error", input: { ...clean, mainStatus: 399 }, expected: [] },
    { name: "a geetest script", input: { ...clean, signals: { ...signals, sources: ["https://static.geetest.com/v4/gt4.js"] } }, expected: ["botWall"] },
    { name: "a challenge title", input: { ...clean, signals: { ...signals, title: "Just a moment..." } }, expected: ["botWall"] },
    { name: "人机验证 in a short page's text", input: { ...clean, signals: { ...signals, text: "请完成人机验证", textLength: 7 } }, expected: ["botWall"] },
    {
      name: "验证码 in a long page's text (a login form in an article) is no wall",
      input: { ...clean, signals: { ...signals, text: "获取验证码", textLength: BOT_WALL_MAX_TEXT + 1 } },
      expected: [],
    },
    { name: "a cookie layer over a third of the screen", input: { ...clean, signals: { ...signals, overlays: [{ coverage: COOKIE_BANNER_MIN_COVERAGE, text: "我们使用 Cookie" }] } }, expected: ["cookieBanner"] },
    { name: "a thin cookie bar", input: { ...clean, signals: { ...signals, overlays: [{ coverage: 0.1, text: "同意并继续" }] } }, expected: [] },
    { name: "a large fixed header without cookie words", input: { ...clean, signals: { ...signals, overlays: [{ coverage: 0.5, text: "导航菜单" }] } }, expected: [] },
    { name: "many failed resources", input: { ...clean, requests: 20, failedRequests: FAILED_RESOURCES_MIN }, expected: ["failedResources"] },
    { name: "a few failed of many", input: { ...clean, requests: 200, failedRequests: FAILED_RESOURCES_MIN + 1 }, expected: [] },
  ])("$name", ({ input, expected }) => {
    expect(codes(input)).toEqual(expected);
    expect(assessCapture(input).passed).toBe(expected.length === 0);
  });

  it("keeps the measurements it judged", () => {
    expect(assessCapture(clean).metrics).toEqual({ mainStatus: 200, inkRatio: 0.2, textLength: 200, requests: 30, failedRequests: 0, pageHeight: 2000 });
  });
});
