import { Alert, Skeleton, Space, Typography } from "antd";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { CUSTOMER_MOVEMENTS_SHOWN, CustomerBalancesSchema, CustomerMovementSchema, FINANCE_CUSTOMER_ENDPOINTS } from "../../../schema/console/finance-customer-money";
import { ContractRecordSchema } from "../../../schema/console/finance-contracts";
import { FieldList, FieldTable } from "./customer-tabs";

/** 资金 (finance only): balances, the offline contract in force today, the latest movements. */
export function MoneyTab({ customerId }: { customerId: number }) {
  const { datas, query } = useEndpointQuery(FINANCE_CUSTOMER_ENDPOINTS.money, { id: customerId });
  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;
  // Until the call answers, refine's result holds a placeholder rather than the datas.
  if (!query.isSuccess || !datas) return <Skeleton active />;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <FieldList title="余额" schema={CustomerBalancesSchema} record={datas.balances} />
      {datas.contract ? (
        <FieldList title="生效中的线下合同" schema={ContractRecordSchema} record={datas.contract} />
      ) : (
        <Typography.Text type="secondary">今日无生效中的线下合同：余额不足时服务将被拒绝</Typography.Text>
      )}
      <div>
        <Typography.Title level={5}>最近 {CUSTOMER_MOVEMENTS_SHOWN} 笔资金变动</Typography.Title>
        <FieldTable schema={CustomerMovementSchema} records={datas.movements} rowKey="id" emptyText="暂无资金变动" />
      </div>
    </Space>
  );
}
