import { CheckCircleOutlined } from "@ant-design/icons";
import { Divider, List, Space, Steps, Typography } from "antd";
import { use } from "react";
import { guidanceKeyOf } from "../../resources/derive";
import type { GuidanceContent } from "../../resources/types";
import { FeaturePending } from "./feature-pending";
import { BundlePrices } from "./guidance/bundle-prices";
import { GuidanceActions, PRICING_ANCHOR_ID } from "./guidance/guidance-actions";
import { loadGuidanceTexts } from "./guidance/load-guidance";
import { MonitoringPrices } from "./guidance/monitoring-prices";
import { usePageSlots } from "./page-slots";
import { SectionPageFrame } from "./section-page-frame";
import type { SectionPageProps } from "../../resources/derive";

const PRICE_PANELS = { monitoring: MonitoringPrices, notarisationBundles: BundlePrices } as const;

/** The guidance kind: what the service is, how it goes, what the user gets, prices where the spec has them, and a way to start. */
export default function GuidancePage({ route }: SectionPageProps) {
  const texts = use(loadGuidanceTexts(route.main));
  const content = texts[guidanceKeyOf(route.section, route.page)];
  return (
    <SectionPageFrame route={route}>
      {content ? <GuidanceBody route={route} content={content} /> : <FeaturePending route={route} />}
    </SectionPageFrame>
  );
}

function GuidanceBody({ route, content }: SectionPageProps & { content: GuidanceContent }) {
  const actions = content.actions ?? defaultActions(route);
  const actionBar = actions.length > 0 && <GuidanceActions route={route} actions={actions} />;
  // A section that starts its work from the guidance itself (liveRecord has no new page) puts its form here.
  const { panel: Panel } = usePageSlots(route.page);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Paragraph style={{ fontSize: 15, marginBottom: 0 }}>{content.intro}</Typography.Paragraph>
      {Panel && <Panel route={route} refresh={() => undefined} />}
      {content.actionsFirst && actionBar}
      <section aria-label="办理流程">
        <Typography.Title level={5}>办理流程</Typography.Title>
        <Steps
          direction="vertical"
          size="small"
          // Every step drawn alike and legible: this is a description of the course, not a progress bar.
          items={content.steps.map((step) => ({ title: step.title, description: step.description, status: "process" as const }))}
        />
      </section>
      <section aria-label="您将获得">
        <Typography.Title level={5}>您将获得</Typography.Title>
        <List
          size="small"
          dataSource={[...content.results]}
          renderItem={(result) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Space align="start">
                <CheckCircleOutlined style={{ color: "#52c41a" }} />
                {result}
              </Space>
            </List.Item>
          )}
        />
      </section>
      {content.pricing && (
        <div id={PRICING_ANCHOR_ID} tabIndex={-1} style={{ outline: "none" }}>
          {content.pricing.map((panel) => {
            const Panel = PRICE_PANELS[panel];
            return <Panel key={panel} />;
          })}
        </div>
      )}
      {!content.actionsFirst && actionBar && (
        <>
          <Divider style={{ margin: "8px 0" }} />
          {actionBar}
        </>
      )}
    </Space>
  );
}

/** Without its own buttons a guidance page starts at the section's new page, else its first other page. */
function defaultActions(route: SectionPageProps["route"]): NonNullable<GuidanceContent["actions"]> {
  const target = route.section.pages.find((page) => page.kind === "new") ?? route.section.pages.find((page) => page.kind !== "guidance");
  return target ? [{ label: "立即开始", to: target.path, primary: true }] : [];
}
