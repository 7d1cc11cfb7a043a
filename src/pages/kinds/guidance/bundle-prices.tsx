import { Table, Typography } from "antd";
import { BUNDLE_PROMOTION, BUNDLE_VALID_DAYS, NOTARISATION_BUNDLES } from "../../../schema/bundle";
import { formatYuan } from "../../../schema/money";

/** Spec §9: the three notarisation bundles, their promotion and original prices and terms. */
export function BundlePrices() {
  const rows = NOTARISATION_BUNDLES.map((bundle) => ({
    key: bundle.snapshotLimit,
    content: `公证 ${bundle.notarisations} 次 + 网页快照取证 ${bundle.snapshotLimit} 次`,
    price: formatYuan(bundle.priceFen),
    original: formatYuan(bundle.originalPriceFen),
  }));
  return (
    <section aria-label="公证套餐价格">
      <Typography.Title level={5}>公证套餐价格</Typography.Title>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: "套餐内容", dataIndex: "content" },
          { title: `活动价（元，${BUNDLE_PROMOTION.start} 至 ${BUNDLE_PROMOTION.end}）`, dataIndex: "price", align: "right" },
          { title: "原价（元）", dataIndex: "original", align: "right" },
        ]}
        style={{ maxWidth: 640 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        套餐自购买之日起 {BUNDLE_VALID_DAYS} 天内有效；不限购买数量，额度累计；售出后不予退款。
      </Typography.Paragraph>
    </section>
  );
}
