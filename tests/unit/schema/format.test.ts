import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatArticleDate,
  formatDateTime,
  formatFileSize,
  formatQueryDate,
  formatRelativeTime,
} from "../../../src/schema/format";

describe("formatFileSize", () => {
  const KB = 1024;
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1100, "1.07 KB"], // 1.0742… rounds to two decimals
    [1029, "1 KB"], // 1.0048… rounds down to a whole number, trailing zeros dropped
    [KB * KB - 1, "1 MB"], // 1023.999 KB rounds up to the next unit
    [2 * KB ** 2, "2 MB"],
    [50 * KB ** 2, "50 MB"],
    [1.25 * KB ** 3, "1.25 GB"],
    [KB ** 4, "1 TB"],
    [KB ** 5, "1 PB"],
    [KB ** 6, "1 EB"],
    [KB ** 7, "1 ZB"],
    [KB ** 8, "1 YB"],
    [2048 * KB ** 8, "2048 YB"],
    ["2048", "2 KB"],
    [-1, ""],
    [Number.NaN, ""],
    [Number.POSITIVE_INFINITY, ""],
    ["", ""],
    ["abc", ""],
  ])("%s → %j", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("date formats in Asia/Shanghai", () => {
  // 2024-03-04T16:05:06Z is 2024-03-05 00:05:06 in Shanghai.
  const instant = Date.UTC(2024, 2, 4, 16, 5, 6);

  it.each([
    [instant, "2024年03月05日", "2024-03-05", "2024-03-05 00:05:06"],
    [new Date(instant), "2024年03月05日", "2024-03-05", "2024-03-05 00:05:06"],
    [String(instant), "2024年03月05日", "2024-03-05", "2024-03-05 00:05:06"],
    ["2024-03-04T16:05:06Z", "2024年03月05日", "2024-03-05", "2024-03-05 00:05:06"],
    [Date.UTC(1999, 11, 31, 15, 59, 59), "1999年12月31日", "1999-12-31", "1999-12-31 23:59:59"],
    [Number.NaN, "", "", ""],
    ["garbage", "", "", ""],
  ])("%j", (time, article, query, dateTime) => {
    expect(formatArticleDate(time)).toBe(article);
    expect(formatQueryDate(time)).toBe(query);
    expect(formatDateTime(time)).toBe(dateTime);
  });
});

describe("formatRelativeTime", () => {
  const now = Date.UTC(2024, 2, 20, 4, 0, 0); // 12:00 in Shanghai
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    [0, "刚刚"],
    [-5 * SECOND, "刚刚"], // slightly in the future: clock skew
    [9 * SECOND, "刚刚"],
    [10 * SECOND, "10秒前"],
    [59 * SECOND, "59秒前"],
    [MINUTE, "1分钟前"],
    [59 * MINUTE + 59 * SECOND, "59分钟前"],
    [HOUR, "1小时前"],
    [23 * HOUR, "23小时前"],
    [DAY, "1天前"],
    [7 * DAY, "7天前"],
    [8 * DAY - 1, "7天前"],
    [8 * DAY, "2024-03-12"],
    [365 * DAY, "2023-03-21"],
  ])("%i ms ago → %s", (ago, label) => {
    expect(formatRelativeTime(now - ago, now)).toBe(label);
  });

  it("accepts a Date and yields nothing for an invalid time", () => {
    expect(formatRelativeTime(new Date(now - 3 * HOUR), new Date(now))).toBe("3小时前");
    expect(formatRelativeTime(Number.NaN, now)).toBe("");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0秒"],
    [45.9, "45秒"],
    [60, "1分"],
    [750, "12分30秒"],
    [3600, "1小时"],
    [5 * 3600 + 12 * 60 + 59, "5小时12分"],
    [86_400, "1天"],
    [2 * 86_400 + 3 * 3600 + 5, "2天3小时"],
    [-1, ""],
    [Number.NaN, ""],
  ])("%s s → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
