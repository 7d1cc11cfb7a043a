import { Empty } from "antd";
import { sectionLabel } from "../../resources/derive";
import { ChartFromSource, NO_CHART_DATA_TEXT } from "./chart-from-source";
import { FeaturePending } from "./feature-pending";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "../../resources/derive";

/**
 * The dataChart kind (monitoring's dataChart and dataAnalysis): the chart of the page's registry
 * data source. A page without one has no figures yet, and says so instead of drawing any.
 */
export default function DataChartPage({ route }: SectionPageProps) {
  const { section, page } = route;
  const source = page.kind === "custom" ? undefined : page.chart;
  return (
    <SectionPageFrame route={route}>
      {source ? (
        <ChartFromSource source={source} label={`${sectionLabel(section)}${page.title}`} />
      ) : (
        <>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_CHART_DATA_TEXT} />
          <FeaturePending route={route} />
        </>
      )}
    </SectionPageFrame>
  );
}
