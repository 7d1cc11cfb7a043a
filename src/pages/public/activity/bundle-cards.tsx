import { Alert, Card, Col, Row, Skeleton, Space, Typography } from "antd";
import { RouterLinkButton } from "../../../components/router-link-button";
import { bundleName, bundlePriceTexts, NOT_ON_SALE_TEXT } from "../../../components/pricing/bundle-promotion";
import { PromotionNotice } from "../../../components/pricing/promotion-notice";
import { PRICES_UNAVAILABLE_TEXT, usePublicBundles } from "../../../components/pricing/use-public-bundles";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { useAppLinks } from "../../../providers/app-links-context";
import { BUNDLE_VALID_DAYS } from "../../../schema/bundle";
import { PURCHASE_PRODUCT_PARAM, type Product } from "../../../schema/purchase";

/**
 * The notarisation bundles of the public price list as cards, each with its buy button, priced at
 * the server's time (the promotion price only while the promotion runs).
 */
export function BundleCards() {
  const now = useServerNow();
  const { bundles, promotion, isLoading, isError } = usePublicBundles();
  if (isLoading) {
    return (
      <div role="status" aria-label="正在加载价格">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (isError) return <Alert type="warning" showIcon message={PRICES_UNAVAILABLE_TEXT} />;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <PromotionNotice promotion={promotion} now={now} />
      <Row gutter={[24, 24]}>
        {bundles.map((bundle) => (
          <Col key={bundle.code} xs={24} md={8}>
            <BundleCard bundle={bundle} now={now} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

function BundleCard({ bundle, now }: { bundle: Product; now: number }) {
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
            {price === null ? NOT_ON_SALE_TEXT : `${price} 元`}
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
        {price !== null && (
          <RouterLinkButton type="primary" size="large" block to={`${links.purchasePackage}?${PURCHASE_PRODUCT_PARAM}=${bundle.code}`}>
            立即购买
          </RouterLinkButton>
        )}
      </Space>
    </Card>
  );
}
