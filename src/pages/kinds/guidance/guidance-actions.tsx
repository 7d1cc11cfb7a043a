import { Button, Space } from "antd";
import { NewMonitorButton } from "../../../components/billing/new-monitor-button";
import { RechargeButton } from "../../../components/billing/recharge-button";
import { RouterLinkButton } from "../../../components/router-link-button";
import { guidanceActionPath, type SectionPageProps } from "../../../resources/derive";
import type { GuidanceAction } from "../../../resources/types";

/** The element the "pricing" action brings into view: the guidance page wraps its price panels in it. */
export const PRICING_ANCHOR_ID = "guidance-pricing";

/** The buttons at the foot of a guidance page. */
export function GuidanceActions({ route, actions }: SectionPageProps & { actions: readonly GuidanceAction[] }) {
  return (
    <Space wrap>
      {actions.map((action) => {
        const type = "primary" in action && action.primary ? "primary" : "default";
        if (action.kind === "recharge") return <RechargeButton key="recharge" type={type} size="large" />;
        if (action.kind === "pricing") {
          return (
            <Button key="pricing" size="large" onClick={showPricing}>
              {action.label}
            </Button>
          );
        }
        const to = guidanceActionPath(route, action.to);
        if (action.requiresProduct !== undefined) {
          return (
            <NewMonitorButton key={to} type={type} size="large" to={to} productCode={action.requiresProduct}>
              {action.label}
            </NewMonitorButton>
          );
        }
        return (
          <RouterLinkButton key={to} type={type} size="large" to={to}>
            {action.label}
          </RouterLinkButton>
        );
      })}
    </Space>
  );
}

function showPricing() {
  const panels = document.getElementById(PRICING_ANCHOR_ID);
  panels?.scrollIntoView({ behavior: "smooth", block: "start" });
  // Focus follows, so keyboard and screen-reader users land on the prices too.
  panels?.focus({ preventScroll: true });
}
