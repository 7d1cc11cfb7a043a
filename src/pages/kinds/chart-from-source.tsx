import { Alert, Empty, Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { useEndpointQuery } from "../../providers/use-endpoint";
import type { ChartSource } from "../../resources/types";
import { isChartDataEmpty, type ChartData } from "../../schema/chart";

// echarts arrives with the first chart drawn, not with the page kind.
const SeriesChart = lazy(() => import("../../components/chart/series-chart"));

export const NO_CHART_DATA_TEXT = "暂无监测数据";

const EMPTY_CHART: ChartData = { categories: [], series: [] };

/**
 * A registry data source drawn as a chart: the figures the endpoint answers, or, while it has none
 * (or only zeros), the frame with its axes and a plain "no data" note over it.
 */
export function ChartFromSource({ source, label }: { source: ChartSource; label: string }) {
  const { datas, query } = useEndpointQuery(source.endpoint, { ...source.params });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;

  const data = datas ?? EMPTY_CHART;
  const isEmpty = isChartDataEmpty(data);
  // A zero-filled period (every day of the last 30 at 0) is drawn as it is, with the same note.
  const isAllZero = !isEmpty && data.series.every((series) => series.values.every((value) => value === 0));
  return (
    <div style={{ position: "relative" }}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <SeriesChart source={source} data={isEmpty ? EMPTY_CHART : data} label={label} />
      </Suspense>
      {(isEmpty || isAllZero) && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={NO_CHART_DATA_TEXT}
          style={{ position: "absolute", top: "50%", left: "50%", transform: "translate(-50%, -50%)", margin: 0, pointerEvents: "none" }}
        />
      )}
    </div>
  );
}
