import { describe, expect, it } from "vitest";
import { checkTimeRange, queryDateSchema, TimeRangeSchema } from "../../../src/schema/time-range";
import { firstMessage, issuesOf } from "./first-issue";

describe("checkTimeRange / TimeRangeSchema", () => {
  it.each([
    [{}, []],
    [{ start: "", stop: null }, []],
    [{ start: "2024-01-01", stop: "2024-01-31" }, []],
    [{ start: "2024-01-01", stop: "2024-01-01" }, []],
    [{ start: "2024-01-01 10:00:00", stop: "2024-01-01 10:00:01" }, []],
    [{ start: Date.UTC(2024, 0, 1), stop: new Date(Date.UTC(2024, 0, 2)) }, []],
    [{ start: "", stop: "2024-01-31" }, ["start: 开始时间不能为空"]],
    [{ start: "2024-01-01", stop: undefined }, ["stop: 结束时间不能为空"]],
    [{ start: "2024-02-01", stop: "2024-01-31" }, ["start: 开始时间不能晚于结束时间"]],
    [{ start: "2024-01-01 10:00:01", stop: "2024-01-01 10:00:00" }, ["start: 开始时间不能晚于结束时间"]],
    [{ start: "2024-02-30", stop: "2024-03-01" }, ["start: 请输入正确的时间"]],
    [{ start: "2024-02-01", stop: "tomorrow" }, ["stop: 请输入正确的时间"]],
  ])("%j → %j", (value, issues) => {
    expect(issuesOf(TimeRangeSchema, value)).toEqual(issues);
  });

  it("reads date text as Shanghai time when comparing with an instant", () => {
    // 2024-01-01 in Shanghai starts at 2023-12-31T16:00Z.
    expect(checkTimeRange("2024-01-01", Date.UTC(2023, 11, 31, 16))).toBeNull();
    expect(checkTimeRange("2024-01-01", Date.UTC(2023, 11, 31, 15, 59))?.message).toBe("开始时间不能晚于结束时间");
  });
});

describe("queryDateSchema", () => {
  // 2024-03-10T17:00Z is already 2024-03-11 01:00 in Shanghai.
  const schema = queryDateSchema(() => Date.UTC(2024, 2, 10, 17));

  it.each([
    ["2024-03-11", null],
    ["2024-03-10", null],
    ["2024-02-29", null],
    [" 2020-01-01 ", null],
    ["", "请选择日期"],
    [undefined, "请选择日期"],
    ["2024-3-1", "日期格式应为YYYY-MM-DD"],
    ["2024/03/01", "日期格式应为YYYY-MM-DD"],
    ["2024-03-01 10:00:00", "日期格式应为YYYY-MM-DD"],
    ["2023-02-29", "日期不存在"],
    ["2024-13-01", "日期不存在"],
    ["2024-03-12", "日期不能晚于今天"],
    ["2025-01-01", "日期不能晚于今天"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });

  it("reads the clock at validation time", () => {
    let now = Date.UTC(2024, 0, 1);
    const moving = queryDateSchema(() => now);
    expect(moving.safeParse("2024-01-02").success).toBe(false);
    now = Date.UTC(2024, 0, 2);
    expect(moving.safeParse("2024-01-02").success).toBe(true);
  });
});
