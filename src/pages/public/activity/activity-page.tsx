import { Alert, Card, Col, Row, Space, Typography } from "antd";
import { Link } from "react-router";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { RouterLinkButton } from "../../../components/router-link-button";
import { useAppLinks } from "../../../providers/app-links-context";
import { ACTIVITY_LANDING } from "./activity-content";
import { BUNDLE_AVAILABILITY } from "./bundle-rules";

/** /Activity: the current promotions and the way to buy (spec §2). */
export function ActivityPage() {
  const links = useAppLinks();
  return (
    <PublicPageLayout title={ACTIVITY_LANDING.title} lead={ACTIVITY_LANDING.lead}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Row gutter={[24, 24]}>
          {ACTIVITY_LANDING.promotions.map((promotion) => (
            <Col key={promotion.to} xs={24} md={12}>
              <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{promotion.name}</h2>} style={{ height: "100%" }}>
                <Typography.Paragraph>{promotion.description}</Typography.Paragraph>
                <Link to={promotion.to}>查看详情</Link>
              </Card>
            </Col>
          ))}
        </Row>
        {BUNDLE_AVAILABILITY && <Alert type="info" showIcon message={BUNDLE_AVAILABILITY} />}
        <div style={{ textAlign: "center" }}>
          <RouterLinkButton type="primary" size="large" to={links.purchasePackage}>
            购买套餐
          </RouterLinkButton>
        </div>
      </Space>
    </PublicPageLayout>
  );
}
