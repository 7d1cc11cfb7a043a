import { FeaturePending } from "./feature-pending";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "./section-page-props";

/**
 * The dataChart kind. Charts need the one chart library DESIGN.md §3 chooses, which is not
 * installed yet, and data behind them (the monitoring issues); until then the page says so.
 */
export default function DataChartPage({ route }: SectionPageProps) {
  return (
    <SectionPageFrame route={route}>
      <FeaturePending route={route} />
    </SectionPageFrame>
  );
}
