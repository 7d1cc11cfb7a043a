import { z } from "zod";

/**
 * What a chart endpoint answers in `datas` (the dataChart page kind): the points along the
 * horizontal axis and one or more named series with a value per point. Both sides import it, so
 * the endpoint of a later issue and the chart agree on one shape.
 */
export const ChartSeriesSchema = z.object({
  name: z.string().describe("图例名称"),
  values: z.array(z.number()).describe("与 categories 一一对应的数值"),
});

export const ChartDataSchema = z.object({
  categories: z.array(z.string()).describe("横轴刻度，如日期"),
  series: z.array(ChartSeriesSchema),
});
export type ChartData = z.infer<typeof ChartDataSchema>;

/** True when there is not a single value to draw. */
export function isChartDataEmpty(data: ChartData | null | undefined): boolean {
  return !data || data.categories.length === 0 || data.series.every((series) => series.values.length === 0);
}
