import { describe, expect, it } from "vitest";
import { chooseMimeType, formatClock, osFromUserAgent } from "../../../src/recording/browser-environment.js";

describe("osFromUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36", "Windows 10/11"],
    ["Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36", "Windows 7"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15", "macOS 10.15.7"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/140.0.0.0", "Linux"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140 Mobile", "Android 14"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15", "iOS 17.4"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36", "ChromeOS"],
    ["curl/8.5.0", null],
  ])("%s → %s", (userAgent, os) => {
    expect(osFromUserAgent(userAgent)).toBe(os);
  });
});

describe("chooseMimeType and formatClock", () => {
  it("takes the first type the recorder supports, or none", () => {
    expect(chooseMimeType((type) => type.startsWith("video/webm;codecs=vp8"))).toBe("video/webm;codecs=vp8,opus");
    expect(chooseMimeType((type) => type === "video/mp4")).toBe("video/mp4");
    expect(chooseMimeType(() => false)).toBeNull();
  });
  it.each([
    [0, "00:00"],
    [7_900, "00:07"],
    [65_000, "01:05"],
    [3_723_000, "1:02:03"],
  ])("%i ms → %s", (ms, text) => expect(formatClock(ms)).toBe(text));
});
