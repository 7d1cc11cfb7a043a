import { useEffect, useRef, useState } from "react";
import type { EChartsType } from "echarts/core";
import type { ChartData } from "../../schema/chart";
import type { ChartSource } from "../../resources/types";
import { createChart } from "./chart-runtime";
import { buildSeriesChartOption } from "./series-chart-option";

const CHART_HEIGHT_PX = 380;

export interface SeriesChartProps {
  source: ChartSource;
  data: ChartData;
  /** What the chart shows, for screen readers (the figure's name). */
  label: string;
}

/**
 * Draws ChartData from a registry data source with echarts. The default export, so pages load it
 * with React.lazy and echarts comes only with the first chart actually drawn.
 */
export default function SeriesChart({ source, data, label }: SeriesChartProps) {
  const elementRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    const element = elementRef.current!;
    const created = createChart(element);
    setChart(created);
    // Follows the content area's width, e.g. when the side navigation collapses.
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.dispose();
    };
  }, []);

  useEffect(() => {
    chart?.setOption(buildSeriesChartOption(source, data, label), { notMerge: true });
  }, [chart, source, data, label]);

  return (
    <div role="figure" aria-label={label}>
      <div ref={elementRef} style={{ width: "100%", height: CHART_HEIGHT_PX }} />
    </div>
  );
}
