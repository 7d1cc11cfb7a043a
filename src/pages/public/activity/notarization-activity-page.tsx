import { Alert, Card, Space, Tag, Timeline, Typography } from "antd";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { CASES_NOTE, NOTARIZATION_ACTIVITY, SUCCESS_CASES } from "./activity-content";
import { BundleCards } from "./bundle-cards";
import { promotionPeriodText } from "../../../components/pricing/bundle-promotion";
import { usePublicBundles } from "../../../components/pricing/use-public-bundles";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { BUNDLE_AVAILABILITY, BUNDLE_RULES } from "./bundle-rules";
import { BuyCallToAction } from "./buy-call-to-action";

const cardTitle = (text: string) => <h2 style={{ margin: 0, fontSize: 20 }}>{text}</h2>;

/** /Activity/notarization: the notarisation bundles of spec §9, their rules and three illustrative cases. */
export function NotarizationActivityPage() {
  const now = useServerNow();
  const { promotion } = usePublicBundles();
  return (
    <PublicPageLayout title={NOTARIZATION_ACTIVITY.title} lead={NOTARIZATION_ACTIVITY.lead}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {promotion && (
          <Tag color="default" style={{ fontSize: 14, padding: "4px 12px", alignSelf: "flex-start" }}>
            {promotionPeriodText(promotion, now)}
          </Tag>
        )}
        <Card title={cardTitle("套餐价格")}>
          <Space direction="vertical" size="large" style={{ width: "100%" }}>
            <BundleCards />
            {BUNDLE_AVAILABILITY && <Alert type="info" showIcon message={BUNDLE_AVAILABILITY} />}
          </Space>
        </Card>
        <Card title={cardTitle("套餐规则")}>
          <ul style={{ paddingLeft: 20, lineHeight: 1.9, marginBottom: 0 }}>
            {BUNDLE_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </Card>
        <Card title={cardTitle("示例案例")}>
          <Alert type="warning" showIcon message={CASES_NOTE} style={{ marginBottom: 24 }} />
          <Timeline
            items={SUCCESS_CASES.map((item) => ({
              key: item.month,
              children: (
                <>
                  <Typography.Text strong>
                    {item.month} · {item.party}（示例）
                  </Typography.Text>
                  <Typography.Paragraph style={{ marginTop: 4 }}>{item.story}</Typography.Paragraph>
                </>
              ),
            }))}
          />
        </Card>
        <BuyCallToAction title="选择套餐，开始固定证据" text="登录后在“购买套餐”页面完成购买，有效期内随时使用。" />
      </Space>
    </PublicPageLayout>
  );
}
