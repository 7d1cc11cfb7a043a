import { Card, Col, Row, Space, Typography } from "antd";
import { APP_PATHS } from "../../../app/path-rules";
import { RouterLinkButton } from "../../../components/router-link-button";
import { NOTARISATION_BUNDLES, BUNDLE_VALID_DAYS, type NotarisationBundle } from "../../../schema/bundle";
import { bundleName, bundleOriginalPrice, bundlePrice } from "./bundle-rules";

/** The three notarisation bundles of spec §9 as cards, each with its buy button (prices from the schema). */
export function BundleCards() {
  return (
    <Row gutter={[24, 24]}>
      {NOTARISATION_BUNDLES.map((bundle) => (
        <Col key={bundle.snapshotLimit} xs={24} md={8}>
          <BundleCard bundle={bundle} />
        </Col>
      ))}
    </Row>
  );
}

function BundleCard({ bundle }: { bundle: NotarisationBundle }) {
  const name = bundleName(bundle);
  return (
    <Card role="group" aria-label={name} style={{ textAlign: "center", height: "100%" }} styles={{ body: { padding: 28 } }}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <div>
          <Typography.Text strong style={{ fontSize: 32, color: "#cf1322" }}>
            {bundlePrice(bundle)}
          </Typography.Text>
          <br />
          <Typography.Text delete type="secondary">
            {bundleOriginalPrice(bundle)}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary">有效期 {BUNDLE_VALID_DAYS} 天 · 数量可累加</Typography.Text>
        <RouterLinkButton type="primary" size="large" block to={APP_PATHS.purchasePackage}>
          立即购买
        </RouterLinkButton>
      </Space>
    </Card>
  );
}
