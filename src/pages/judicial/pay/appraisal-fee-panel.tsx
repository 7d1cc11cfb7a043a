import { Alert, App, Button, Card, Descriptions, Empty, Radio, Result, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { RechargeButton } from "../../../components/billing/recharge-button";
import { useAppLinks } from "../../../providers/app-links-context";
import { useBalance } from "../../../providers/use-account-billing";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { formatBalanceYuan } from "../../../schema/billing";
import { APPRAISAL_ENDPOINTS, type CommissionRow } from "../../../schema/judicial-expert";
import { JUDICIAL_PAY_ENDPOINTS, type JudicialPaymentDetail } from "../../../schema/judicial-pay";
import { formatYuan } from "../../../schema/money";
import { withRecordId } from "../../kinds/record-links";
import { refusalOf } from "../../kinds/server-refusal";

/** Commissions awaiting payment shown at once; an account rarely has more quoted at a time. */
const QUOTED_SHOWN = 50;

/**
 * Paying an appraisal's quoted fee from the balance: the commissions awaiting payment (the one named
 * by ?commission= chosen), the fee against the balance with the way to recharge when it is short,
 * and a confirmation naming the amount. The fee is held until the opinion is issued.
 */
export function AppraisalFeePanel({ preselected }: { preselected: number | null }) {
  const { modal, message } = App.useApp();
  const links = useAppLinks();
  const balance = useBalance();
  const quoted = useEndpointQuery(APPRAISAL_ENDPOINTS.list, { state: "quoted", pageNumber: 1, pageSize: QUOTED_SHOWN });
  const { send, mutation } = useEndpointMutation(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee);
  const [chosenId, setChosenId] = useState<number | null>(preselected);
  const [paid, setPaid] = useState<JudicialPaymentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commissions = quoted.datas?.list ?? [];
  const chosen = commissions.find((commission) => commission.id === chosenId);
  const feeFen = chosen?.feeFen ?? null;
  const isShort = feeFen !== null && balance.balanceFen !== null && feeFen > balance.balanceFen;

  if (paid) {
    return (
      <Result
        status="success"
        title="鉴定费已支付"
        subTitle={`${formatYuan(paid.amountFen)} 元已从账户余额冻结，鉴定意见出具后结算；机构拒绝委托时全额退回。`}
        extra={[
          <Link key="payment" to={withRecordId(links.judicialPayment, paid.id)}>
            查看支付记录
          </Link>,
          paid.commissionId !== null && (
            <Link key="commission" to={withRecordId(links.appraisalCommission, paid.commissionId)}>
              查看鉴定委托
            </Link>
          ),
        ]}
      />
    );
  }
  if (quoted.query.isLoading) return <Skeleton active />;
  if (commissions.length === 0) return <Empty description="没有待支付的鉴定委托：鉴定机构报价后即可在这里支付" />;

  const pay = (commission: CommissionRow, fen: number) => {
    setError(null);
    modal.confirm({
      title: "确认支付鉴定费",
      content: `为鉴定委托 ${commission.commissionNo}（${commission.institutionName}）支付鉴定费 ${formatYuan(fen)} 元，从账户余额冻结，鉴定意见出具后结算。`,
      okText: "确认支付",
      cancelText: "取消",
      onOk: async () => {
        try {
          setPaid(await send({ commissionId: commission.id, feeFen: fen }));
          void message.success("鉴定费已支付");
          balance.refresh();
        } catch (failure) {
          setError(refusalOf(failure).message);
        }
      },
    });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Radio.Group value={chosenId} onChange={(event) => setChosenId(event.target.value as number)} style={{ width: "100%" }} aria-label="选择鉴定委托">
        <Space direction="vertical" style={{ width: "100%" }}>
          {commissions.map((commission) => (
            <Card size="small" key={commission.id}>
              <Radio value={commission.id}>
                <Space wrap>
                  <Typography.Text strong>{commission.commissionNo}</Typography.Text>
                  <Typography.Text>{commission.institutionName}</Typography.Text>
                  <Typography.Text type="danger">{formatYuan(commission.feeFen ?? 0)} 元</Typography.Text>
                  <Typography.Text type="secondary">预计 {commission.expectedDays} 天</Typography.Text>
                </Space>
              </Radio>
            </Card>
          ))}
        </Space>
      </Radio.Group>
      <Descriptions column={1} bordered size="middle" style={{ maxWidth: 560 }}>
        <Descriptions.Item label="应付鉴定费（元）">{feeFen === null ? "—" : formatYuan(feeFen)}</Descriptions.Item>
        <Descriptions.Item label="账户余额（元）">{balance.balanceFen === null ? "—" : formatBalanceYuan(balance.balanceFen)}</Descriptions.Item>
      </Descriptions>
      {isShort && <Alert type="warning" showIcon message="账户余额不足，请先充值" action={<RechargeButton size="small" />} />}
      {error && <Alert type="error" showIcon message={error} />}
      <Button type="primary" size="large" disabled={!chosen || feeFen === null || isShort} loading={mutation.isPending} onClick={() => chosen && feeFen !== null && pay(chosen, feeFen)} style={{ width: 200 }}>
        支付鉴定费
      </Button>
    </Space>
  );
}
