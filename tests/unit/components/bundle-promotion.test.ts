import { describe, expect, it } from "vitest";
import { promotionPeriodText, promotionState } from "../../../src/pages/public/activity/bundle-rules.js";

describe("the notarisation bundle promotion period (2017-09-15 .. 2017-11-15, Shanghai dates)", () => {
  it.each([
    ["2017-09-14T23:59:59+08:00", "upcoming"],
    ["2017-09-15T00:00:00+08:00", "running"],
    ["2017-11-15T23:59:59+08:00", "running"],
    ["2017-11-16T00:00:00+08:00", "ended"],
    ["2026-11-22T10:00:00+08:00", "ended"],
  ])("%s is %s", (time, state) => {
    expect(promotionState(Date.parse(time))).toBe(state);
  });

  it("is shown as past today, with the article date format", () => {
    expect(promotionPeriodText(Date.parse("2026-11-22T10:00:00+08:00"))).toBe("首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）");
  });
});
