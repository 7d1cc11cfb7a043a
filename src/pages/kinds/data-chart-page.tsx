import { Empty, Typography } from "antd";
import { sectionLabel } from "../../resources/derive";
import { ChartFromSource, NO_CHART_DATA_TEXT } from "./chart-from-source";
import { FeaturePending } from "./feature-pending";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "../../resources/derive";

/**
 * The dataChart kind (monitoring's dataChart and dataAnalysis): the charts of the page's registry
 * data sources, one below the other. A page without one has no figures yet, and says so instead
 * of drawing any.
 */
export default function DataChartPage({ route }: SectionPageProps) {
  const { section, page } = route;
  const chart = page.kind === "custom" ? undefined : page.chart;
  const sources = chart === undefined ? [] : "endpoint" in chart ? [chart] : chart;
  return (
    <SectionPageFrame route={route}>
      {sources.length > 0 ? (
        sources.map((source, index) => (
          <section key={source.title ?? index} aria-label={source.title} style={{ marginBottom: 24 }}>
            {source.title && <Typography.Title level={5}>{source.title}</Typography.Title>}
            <ChartFromSource source={source} label={`${sectionLabel(section)}${page.title}${source.title ? `：${source.title}` : ""}`} />
          </section>
        ))
      ) : (
        <>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_CHART_DATA_TEXT} />
          <FeaturePending route={route} />
        </>
      )}
    </SectionPageFrame>
  );
}
