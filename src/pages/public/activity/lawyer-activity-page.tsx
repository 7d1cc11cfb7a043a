import { Alert, Button, Card, Space } from "antd";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { COMPARISON_SLIDES, LAWYER_ACTIVITY } from "./activity-content";
import { BundleCards } from "./bundle-cards";
import { BUNDLE_AVAILABILITY } from "./bundle-rules";
import { BuyCallToAction } from "./buy-call-to-action";
import { ComparisonCarousel } from "./comparison-carousel";
import { DescriptionPopup } from "./description-popup";

export const DISCOUNT_ANCHOR = "discount";
const cardTitle = (text: string) => <h2 style={{ margin: 0, fontSize: 20 }}>{text}</h2>;

/** /Activity/lawyer: the lawyers' internet evidence promotion (spec §2 "Activity pages"). */
export function LawyerActivityPage() {
  return (
    <PublicPageLayout title={LAWYER_ACTIVITY.title} lead={LAWYER_ACTIVITY.lead}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Space size="middle" wrap>
          {/* A real in-page anchor: the address gets #discount, and the section can be linked to. */}
          <Button type="primary" size="large" href={`#${DISCOUNT_ANCHOR}`}>
            查看优惠套餐
          </Button>
          <DescriptionPopup />
        </Space>
        <Card title={cardTitle("为什么选择在线取证")}>
          <ul style={{ paddingLeft: 20, lineHeight: 1.9, marginBottom: 0 }}>
            {LAWYER_ACTIVITY.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Card>
        <Card id={DISCOUNT_ANCHOR} title={cardTitle("优惠套餐")}>
          <Space direction="vertical" size="large" style={{ width: "100%" }}>
            <BundleCards />
            {BUNDLE_AVAILABILITY && <Alert type="info" showIcon message={BUNDLE_AVAILABILITY} />}
          </Space>
        </Card>
        <Card title={cardTitle("在线取证与传统方式对比")}>
          <ComparisonCarousel slides={COMPARISON_SLIDES} />
        </Card>
        <BuyCallToAction title={LAWYER_ACTIVITY.closing.title} text={LAWYER_ACTIVITY.closing.text} />
      </Space>
    </PublicPageLayout>
  );
}
