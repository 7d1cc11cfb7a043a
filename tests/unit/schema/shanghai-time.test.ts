import { describe, expect, it } from "vitest";
import {
  isCalendarDate,
  parseShanghaiDateTime,
  shanghaiDateKey,
  toEpochMs,
  toShanghaiWallClock,
} from "../../../src/schema/shanghai-time";

describe("isCalendarDate", () => {
  it.each([
    [2024, 2, 29, true],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2023, 2, 29, false],
    [1999, 2, 31, false],
    [2024, 4, 31, false],
    [2024, 12, 31, true],
    [2024, 13, 1, false],
    [2024, 0, 1, false],
    [2024, 1, 0, false],
    [2024.5, 1, 1, false],
  ])("%i-%i-%i → %s", (year, month, day, expected) => {
    expect(isCalendarDate(year, month, day)).toBe(expected);
  });
});

describe("Shanghai wall clock", () => {
  it.each([
    // 2024-01-01T00:00:00Z is 08:00 in Shanghai; 16:00Z is already the next day there.
    [Date.UTC(2024, 0, 1, 0, 0, 0), "2024-01-01"],
    [Date.UTC(2024, 0, 1, 15, 59, 59), "2024-01-01"],
    [Date.UTC(2024, 0, 1, 16, 0, 0), "2024-01-02"],
    [new Date(Date.UTC(2023, 11, 31, 16)), "2024-01-01"],
    [Number.NaN, ""],
    [new Date("nonsense"), ""],
  ])("%s → %s", (time, key) => {
    expect(shanghaiDateKey(time)).toBe(key);
  });

  it("reads hours in UTC+8", () => {
    expect(toShanghaiWallClock(Date.UTC(2024, 5, 1, 1, 2, 3))).toEqual({
      year: 2024, month: 6, day: 1, hour: 9, minute: 2, second: 3,
    });
  });
});

describe("parseShanghaiDateTime", () => {
  it.each([
    ["2024-01-02", Date.UTC(2024, 0, 1, 16)],
    ["2024-01-02 08:30", Date.UTC(2024, 0, 2, 0, 30)],
    ["2024-01-02 08:30:15", Date.UTC(2024, 0, 2, 0, 30, 15)],
    ["2024-01-02T08:30:15", Date.UTC(2024, 0, 2, 0, 30, 15)],
    ["2024-02-30", null],
    ["2024-01-02 24:00:00", null],
    ["2024/01/02", null],
    ["", null],
  ])("%j → %s", (text, ms) => {
    expect(parseShanghaiDateTime(text)).toBe(ms);
  });
});

describe("toEpochMs", () => {
  it.each([
    [1700000000000, 1700000000000],
    ["1700000000000", 1700000000000],
    [new Date(5), 5],
    ["2024-01-02 08:00:00", Date.UTC(2024, 0, 2)],
    ["2024-01-02T00:00:00Z", Date.UTC(2024, 0, 2)],
  ])("%j → %s", (time, ms) => {
    expect(toEpochMs(time)).toBe(ms);
  });

  it("is NaN for unreadable text", () => {
    expect(toEpochMs("not a time")).toBeNaN();
  });
});
