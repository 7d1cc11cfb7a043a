import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from "echarts/charts";
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type AriaComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from "echarts/components";
import { init, use, type ComposeOption, type EChartsType } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

/**
 * The one chart library of DESIGN.md §3, reduced to what the dataChart pages draw: line and bar
 * series on a grid, with tooltip, legend and the accessible description. Registered once, when
 * this module is first evaluated; only the lazily loaded chart component imports it, so a
 * visitor's pages never download it. SVG rather than canvas: crisp at any zoom, and the chart's
 * text stays selectable.
 */
use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type SeriesChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | AriaComponentOption
>;

/** A chart in `element`, with Chinese texts (tooltip, accessible description). */
export function createChart(element: HTMLElement): EChartsType {
  return init(element, null, { renderer: "svg", locale: "ZH" });
}
