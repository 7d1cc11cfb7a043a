import { describe, expect, it } from "vitest";
import { resolveRedirectTarget } from "../../../server/modules/scan-login/redirect-target.js";

const origin = "https://evidence.example.cn";

describe("resolveRedirectTarget", () => {
  it.each([
    ["/wxCallBack", "https://evidence.example.cn/wxCallBack"],
    ["/wxCallBack?redirect=%2Fevidences", "https://evidence.example.cn/wxCallBack?redirect=%2Fevidences"],
    ["https://evidence.example.cn/wxCallBackHome", "https://evidence.example.cn/wxCallBackHome"],
    ["https://evidence.example.cn:443/wxCallBack#top", "https://evidence.example.cn/wxCallBack"],
  ])("takes %s as %s", (redirectUrl, expected) => {
    expect(resolveRedirectTarget(redirectUrl, origin)).toBe(expected);
  });

  it.each([
    "https://evil.example/wxCallBack",
    "//evil.example/wxCallBack",
    "/\\evil.example/wxCallBack",
    "\\\\evil.example",
    "http://evidence.example.cn/wxCallBack",
    "https://evidence.example.cn.evil.example/",
    "https://user:pass@evidence.example.cn/wxCallBack",
    "javascript:alert(1)",
  ])("refuses %s", (redirectUrl) => {
    expect(resolveRedirectTarget(redirectUrl, origin)).toBeNull();
  });

  it("compares origins with default ports made explicit or not", () => {
    expect(resolveRedirectTarget("http://localhost/wxCallBack", "http://localhost:80")).toBe("http://localhost/wxCallBack");
  });
});
