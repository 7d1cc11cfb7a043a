import { describe, expect, it } from "vitest";
import { MONITOR_WEEKLY_PRICE_FEN } from "../../../src/schema/constants.js";
import { formatYuan } from "../../../src/schema/money.js";
import { monitorPriceFen, weeklyMonitorPriceFen } from "../../../src/schema/monitor-pricing.js";

describe("formatYuan", () => {
  it.each([
    [0, "0"],
    [10, "0.1"],
    [12_345, "123.45"],
    [150_000, "1,500"],
    [500_000, "5,000"],
    [123_456_789, "1,234,567.89"],
    [Number.NaN, ""],
  ])("%d fen → %s", (fen, text) => {
    expect(formatYuan(fen)).toBe(text);
  });
});

describe("monitoring bill (spec §9: per week per site, summed over sites)", () => {
  it("uses the weekly prices of the constants: web 100, app 5000, search engine 1000 yuan", () => {
    expect(weeklyMonitorPriceFen({ web: 1, app: 0, searchEngine: 0 })).toBe(MONITOR_WEEKLY_PRICE_FEN.web);
    expect(weeklyMonitorPriceFen({ web: 0, app: 1, searchEngine: 0 })).toBe(500_000);
    expect(weeklyMonitorPriceFen({ web: 0, app: 0, searchEngine: 1 })).toBe(100_000);
  });

  it.each([
    [{ web: 3, app: 0, searchEngine: 1 }, 2, 2 * (3 * 10_000 + 100_000)],
    [{ web: 10, app: 2, searchEngine: 3 }, 4, 4 * (10 * 10_000 + 2 * 500_000 + 3 * 100_000)],
    [{ web: 0, app: 0, searchEngine: 0 }, 5, 0],
    [{ web: 2, app: 0, searchEngine: 0 }, 0, 0],
  ])("%j for %d weeks → %d fen", (sites, weeks, fen) => {
    expect(monitorPriceFen(sites, weeks)).toBe(fen);
  });

  it("counts negative or fractional quantities as no site and no week", () => {
    expect(monitorPriceFen({ web: -2, app: 1.5, searchEngine: 1 }, 1)).toBe(100_000);
    expect(monitorPriceFen({ web: 1, app: 0, searchEngine: 0 }, 2.5)).toBe(0);
  });
});
