import { Alert, Card, Empty, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useUserSession } from "../../../providers/session-context";
import { isSubAccount } from "../../../providers/session-rules";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import type { SectionPageProps } from "../../../resources/derive";
import { BUNDLE_STATUS_LABELS } from "../../../schema/bundle-lifecycle";
import { formatDateTime } from "../../../schema/format";
import { PURCHASE_ENDPOINTS, PURCHASE_PRODUCT_PARAM, type OwnedBundle } from "../../../schema/purchase";
import { PersonalPage } from "../personal-page";
import { ProductPurchase, PURCHASE_TEXT } from "./product-purchase";

export { PURCHASE_TEXT } from "./product-purchase";

/**
 * /personal/expenseCenter/purchasePackage (spec §2, §9): choose a package or notarisation bundle
 * and a quantity, see the total against the balance, and pay from the balance after confirming;
 * below, what the account holds.
 */
export function PurchasePackagePage({ route }: SectionPageProps) {
  const user = useUserSession();
  const uid = user?.id;
  const [searchParams] = useSearchParams();
  const prices = useEndpointQuery(PURCHASE_ENDPOINTS.productPrices, { uid }, { enabled: uid !== undefined });
  const owned = useEndpointQuery(PURCHASE_ENDPOINTS.myPackages, { uid }, { enabled: uid !== undefined });
  const [chosen, setChosen] = useState<string | null>(searchParams.get(PURCHASE_PRODUCT_PARAM));

  if (isSubAccount(user)) {
    return (
      <PersonalPage title={route.page.title}>
        <Alert type="warning" showIcon message={PURCHASE_TEXT.subAccount} />
      </PersonalPage>
    );
  }

  return (
    <PersonalPage title={route.page.title}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <ProductPurchase products={prices.datas?.list ?? []} isLoading={prices.query.isLoading} chosen={chosen} onChoose={setChosen} onBought={() => void owned.query.refetch()} />
        <OwnedPackages packages={owned.datas?.packages ?? []} bundles={owned.datas?.bundles ?? []} />
      </Space>
    </PersonalPage>
  );
}

function OwnedPackages({ packages, bundles }: { packages: { productCode: string; name: string; remainingCount: number; purchasedCount: number }[]; bundles: OwnedBundle[] }) {
  if (packages.length === 0 && bundles.length === 0) return <Empty description="您还没有购买套餐" />;
  return (
    <Card title="我的套餐" size="small">
      <Space direction="vertical" style={{ width: "100%" }}>
        {packages.map((item) => (
          <Typography.Text key={item.productCode}>
            {item.name}：剩余 {item.remainingCount} 次（共购买 {item.purchasedCount} 次）
          </Typography.Text>
        ))}
        {bundles.length > 0 && (
          <Table<OwnedBundle>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={bundles}
            columns={[
              { title: "公证套餐", dataIndex: "name" },
              { title: "状态", dataIndex: "status", render: (status: OwnedBundle["status"]) => BUNDLE_STATUS_LABELS[status] },
              { title: "购买时间", dataIndex: "purchasedAt", render: (time: number) => formatDateTime(time) },
              { title: "有效期至", dataIndex: "expiresAt", render: (time: number) => formatDateTime(time) },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
