import { Card, Col, Row, Space, Typography } from "antd";
import { RouterLinkButton } from "../../../components/router-link-button";
import { bundleName, bundlePriceTexts } from "../../../components/pricing/bundle-promotion";
import { PromotionNotice } from "../../../components/pricing/promotion-notice";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { useAppLinks } from "../../../providers/app-links-context";
import { NOTARISATION_BUNDLES, BUNDLE_VALID_DAYS, type NotarisationBundle } from "../../../schema/bundle";
import { bundleProductCode, PURCHASE_PRODUCT_PARAM } from "../../../schema/purchase";

/**
 * The three notarisation bundles of spec §9 as cards, each with its buy button, priced at the
 * server's time (the promotion price only while the promotion runs).
 */
export function BundleCards() {
  const now = useServerNow();
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <PromotionNotice now={now} />
      <Row gutter={[24, 24]}>
        {NOTARISATION_BUNDLES.map((bundle) => (
          <Col key={bundle.snapshotLimit} xs={24} md={8}>
            <BundleCard bundle={bundle} now={now} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

function BundleCard({ bundle, now }: { bundle: NotarisationBundle; now: number }) {
  const links = useAppLinks();
  const name = bundleName(bundle);
  const { price, struckRegular } = bundlePriceTexts(bundle, now);
  return (
    <Card role="group" aria-label={name} style={{ textAlign: "center", height: "100%" }} styles={{ body: { padding: 28 } }}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <div>
          <Typography.Text strong style={{ fontSize: 32, color: "#cf1322" }}>
            {price} 元
          </Typography.Text>
          {struckRegular && (
            <>
              <br />
              <Typography.Text delete type="secondary">
                原价 {struckRegular} 元
              </Typography.Text>
            </>
          )}
        </div>
        <Typography.Text type="secondary">有效期 {BUNDLE_VALID_DAYS} 天 · 数量可累加</Typography.Text>
        <RouterLinkButton type="primary" size="large" block to={`${links.purchasePackage}?${PURCHASE_PRODUCT_PARAM}=${bundleProductCode(bundle.snapshotLimit)}`}>
          立即购买
        </RouterLinkButton>
      </Space>
    </Card>
  );
}
