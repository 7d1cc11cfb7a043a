import { Space, Table, Typography } from "antd";
import { bundlePriceTexts } from "../../../components/pricing/bundle-promotion";
import { PromotionNotice } from "../../../components/pricing/promotion-notice";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { BUNDLE_VALID_DAYS, isInBundlePromotion, NOTARISATION_BUNDLES } from "../../../schema/bundle";

/**
 * Spec §9: the three notarisation bundles and their terms, priced at the server's time: the
 * promotion price with the regular one struck through while the promotion runs, else the regular price.
 */
export function BundlePrices() {
  const now = useServerNow();
  const isPromotion = isInBundlePromotion(now);
  const rows = NOTARISATION_BUNDLES.map((bundle) => ({
    key: bundle.snapshotLimit,
    content: `公证 ${bundle.notarisations} 次 + 网页快照取证 ${bundle.snapshotLimit} 次`,
    ...bundlePriceTexts(bundle, now),
  }));
  return (
    <section aria-label="公证套餐价格">
      <Typography.Title level={5}>公证套餐价格</Typography.Title>
      <Space direction="vertical" size="small" style={{ width: "100%", maxWidth: 640 }}>
        <PromotionNotice now={now} />
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: "套餐内容", dataIndex: "content" },
            { title: isPromotion ? "活动价（元）" : "价格（元）", dataIndex: "price", align: "right" },
            ...(isPromotion ? [{ title: "原价（元）", dataIndex: "struckRegular", align: "right" as const, render: (text: string) => <Typography.Text delete>{text}</Typography.Text> }] : []),
          ]}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        套餐自购买之日起 {BUNDLE_VALID_DAYS} 天内有效；不限购买数量，额度累计；售出后不予退款。
      </Typography.Paragraph>
    </section>
  );
}
