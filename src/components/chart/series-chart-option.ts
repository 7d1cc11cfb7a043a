import { isChartDataEmpty, type ChartData } from "../../schema/chart";
import type { ChartSource } from "../../resources/types";
import type { SeriesChartOption } from "./chart-runtime";

/**
 * The chart of a registry data source: its categories along the horizontal axis, one series per
 * named value list, drawn as the source says. With no data it is the bare frame: both axes and
 * their titles, nothing plotted.
 */
export function buildSeriesChartOption(source: Pick<ChartSource, "type" | "xAxisName" | "yAxisName">, data: ChartData, label: string): SeriesChartOption {
  return {
    aria: { enabled: true, label: { description: describeChartData(label, data) } },
    tooltip: { trigger: "axis" },
    legend: { show: data.series.length > 1, top: 0 },
    grid: { left: 24, right: 48, top: 48, bottom: 32 },
    xAxis: {
      type: "category",
      name: source.xAxisName,
      nameLocation: "middle",
      nameGap: 32,
      data: data.categories,
      // Bars sit between ticks, a line's points on them.
      boundaryGap: source.type === "bar",
    },
    yAxis: { type: "value", name: source.yAxisName },
    series: data.series.map((series) => ({ type: source.type, name: series.name, data: series.values })),
  };
}

/**
 * What a screen reader hears instead of the picture: the chart's name and every series with its
 * value per category ("网站：2024-05-01 3，2024-05-02 7"), or that there is no data.
 */
export function describeChartData(label: string, data: ChartData): string {
  if (isChartDataEmpty(data)) return `${label}：暂无数据。`;
  const series = data.series.map((line) => `${line.name}：${data.categories.map((category, index) => `${category} ${line.values[index] ?? "无"}`).join("，")}`);
  return `${label}。${series.join("；")}。`;
}
