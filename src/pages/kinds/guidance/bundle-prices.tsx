import { Alert, Space, Table, Typography } from "antd";
import { bundlePriceTexts, NOT_ON_SALE_TEXT } from "../../../components/pricing/bundle-promotion";
import { PromotionNotice } from "../../../components/pricing/promotion-notice";
import { PRICES_UNAVAILABLE_TEXT, usePublicBundles } from "../../../components/pricing/use-public-bundles";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { BUNDLE_VALID_DAYS } from "../../../schema/bundle";
import { promotionRuns } from "../../../schema/purchase";

/**
 * Spec §9: the notarisation bundles and their terms from the public price list, priced at the
 * server's time: the promotion price with the regular one struck through while the promotion runs,
 * else the regular price.
 */
export function BundlePrices() {
  const now = useServerNow();
  const { bundles, promotion, isLoading, isError } = usePublicBundles();
  const isPromotion = promotion !== null && promotionRuns(promotion, now);
  const rows = bundles.map((bundle) => {
    const { price, struckRegular } = bundlePriceTexts(bundle, now);
    return { key: bundle.code, content: `公证 ${bundle.notarisations} 次 + 网页快照取证 ${bundle.unitCount} 次`, price: price ?? NOT_ON_SALE_TEXT, struckRegular };
  });
  return (
    <section aria-label="公证套餐价格">
      <Typography.Title level={5}>公证套餐价格</Typography.Title>
      <Space direction="vertical" size="small" style={{ width: "100%", maxWidth: 640 }}>
        {isError ? <Alert type="warning" showIcon message={PRICES_UNAVAILABLE_TEXT} /> : <PromotionNotice promotion={promotion} now={now} />}
        <Table
          size="small"
          pagination={false}
          loading={isLoading}
          dataSource={rows}
          locale={{ emptyText: isLoading ? "正在加载价格" : "暂无价格" }}
          columns={[
            { title: "套餐内容", dataIndex: "content" },
            { title: isPromotion ? "活动价（元）" : "价格（元）", dataIndex: "price", align: "right" },
            ...(isPromotion ? [{ title: "原价（元）", dataIndex: "struckRegular", align: "right" as const, render: (text: string | null) => <Typography.Text delete>{text}</Typography.Text> }] : []),
          ]}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        套餐自购买之日起 {BUNDLE_VALID_DAYS} 天内有效；不限购买数量，额度累计；售出后不予退款。
      </Typography.Paragraph>
    </section>
  );
}
