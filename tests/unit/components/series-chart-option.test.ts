import { describe, expect, it } from "vitest";
import { buildSeriesChartOption, describeChartData } from "../../../src/components/chart/series-chart-option";
import type { ChartData } from "../../../src/schema/chart";

const TWO_SERIES: ChartData = { categories: ["一月", "二月"], series: [{ name: "网站", values: [4, 9] }, { name: "App", values: [1, 0] }] };
const EMPTY: ChartData = { categories: [], series: [] };

describe("buildSeriesChartOption", () => {
  it("draws one series per value list, of the source's type, along its categories", () => {
    const option = buildSeriesChartOption({ type: "bar", xAxisName: "月份", yAxisName: "条数" }, TWO_SERIES, "图");
    expect(option.series).toEqual([
      { type: "bar", name: "网站", data: [4, 9] },
      { type: "bar", name: "App", data: [1, 0] },
    ]);
    expect(option.xAxis).toMatchObject({ type: "category", name: "月份", data: ["一月", "二月"], boundaryGap: true });
    expect(option.yAxis).toMatchObject({ type: "value", name: "条数" });
    expect(option.legend).toMatchObject({ show: true });
  });

  it("puts a line's points on the ticks and shows no legend for a single series", () => {
    const option = buildSeriesChartOption({ type: "line", xAxisName: "日期", yAxisName: "条数" }, { categories: ["a"], series: [{ name: "网站", values: [1] }] }, "图");
    expect(option.xAxis).toMatchObject({ boundaryGap: false });
    expect(option.legend).toMatchObject({ show: false });
  });

  it("without data is the bare frame: both axes with their titles and nothing plotted", () => {
    const option = buildSeriesChartOption({ type: "line", xAxisName: "日期", yAxisName: "条数" }, EMPTY, "图");
    expect(option.series).toEqual([]);
    expect(option.xAxis).toMatchObject({ name: "日期", data: [] });
    expect(option.yAxis).toMatchObject({ name: "条数" });
  });
});

describe("describeChartData", () => {
  it.each([
    [TWO_SERIES, "趋势。网站：一月 4，二月 9；App：一月 1，二月 0。"],
    [{ categories: ["一月", "二月"], series: [{ name: "网站", values: [4] }] }, "趋势。网站：一月 4，二月 无。"],
    [EMPTY, "趋势：暂无数据。"],
    [{ categories: ["一月"], series: [] }, "趋势：暂无数据。"],
  ])("%j reads %s", (data, expected) => {
    expect(describeChartData("趋势", data)).toBe(expected);
  });
});
