import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, InputNumber, QRCode, Radio, Result, Space, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import type { SectionPageProps } from "../../../resources/types";
import { BILLING_ENDPOINTS, formatBalanceYuan } from "../../../schema/billing";
import { webapiPath } from "../../../schema/contract";
import { FEN_PER_YUAN, formatYuan } from "../../../schema/money";
import { PAYMENT_ORDER_STATE_LABELS, fenToYuanText } from "../../../schema/payment";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { RECHARGE_AMOUNT_MESSAGE, RECHARGE_ENDPOINTS, type RechargeChannel, type RechargeOrder } from "../../../schema/recharge";

/** How often a waiting order is asked again while the provider's notification is on its way. */
export const ORDER_POLL_MS = 2000;
const OTHER_AMOUNT = "other";

/**
 * 在线充值 (spec §2 /personal/expenseCenter/onlineCharge): choose or type an amount, choose one of
 * the channels this server offers, and go to the provider's cashier. Coming back (?merchantOrderNo=)
 * the page follows the order until it is paid or failed and shows the new balance.
 */
export function OnlineChargePage({ route }: SectionPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const merchantOrderNo = searchParams.get("merchantOrderNo");
  return (
    <SectionPageFrame route={route}>
      {merchantOrderNo ? (
        <OrderProgress merchantOrderNo={merchantOrderNo} onAgain={() => setSearchParams({})} />
      ) : (
        <RechargeForm returnPath={route.path} onQrCode={(orderNo) => setSearchParams({ merchantOrderNo: orderNo })} />
      )}
    </SectionPageFrame>
  );
}

function RechargeForm({ returnPath, onQrCode }: { returnPath: string; onQrCode: (merchantOrderNo: string) => void }) {
  const { datas, query } = useEndpointQuery(RECHARGE_ENDPOINTS.rechargeOptions, {}, { retry: false });
  // refine answers an empty object until the call returns.
  const options = datas?.channels ? datas : undefined;
  const create = useEndpointMutation(RECHARGE_ENDPOINTS.createRechargeOrder);
  const [choice, setChoice] = useState<string>("");
  const [otherYuan, setOtherYuan] = useState<number | null>(null);
  const [channel, setChannel] = useState<RechargeChannel | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [qrCode, setQrCode] = useState<{ merchantOrderNo: string; codeUrl: string } | null>(null);

  useEffect(() => {
    if (!options) return;
    setChoice((current) => current || String(options.amountChoicesFen[0]));
    setChannel((current) => current ?? options.channels[0]?.key);
  }, [options]);

  if (query.isLoading) return <Spin />;
  if (query.error || !options) return <Alert type="error" showIcon message={query.error?.message ?? "充值信息暂时无法读取"} />;
  if (options.channels.length === 0) return <Alert type="info" showIcon message="本站暂未开通在线支付，请联系客服线下充值" />;

  const amountFen = choice === OTHER_AMOUNT ? (otherYuan === null ? null : Math.round(otherYuan * FEN_PER_YUAN)) : Number(choice);
  const isAmountValid = amountFen !== null && Number.isInteger(amountFen) && amountFen >= options.minFen && amountFen <= options.maxFen;

  const pay = async () => {
    setError(null);
    if (!isAmountValid || amountFen === null) return setError(RECHARGE_AMOUNT_MESSAGE);
    if (!channel) return setError("请选择支付方式");
    try {
      const order = await create.send({ amount: fenToYuanText(amountFen), channel, returnPath });
      if (order.payment.kind === "redirect") window.location.assign(order.payment.url);
      else setQrCode({ merchantOrderNo: order.merchantOrderNo, codeUrl: order.payment.codeUrl });
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : "下单失败，请稍后重试");
    }
  };

  if (qrCode) {
    return (
      <Card title="微信扫码支付">
        <Space direction="vertical" align="center" style={{ width: "100%" }}>
          <QRCode value={qrCode.codeUrl} />
          <Typography.Text>请使用微信扫描二维码完成支付</Typography.Text>
          <Button type="primary" onClick={() => onQrCode(qrCode.merchantOrderNo)}>我已支付</Button>
        </Space>
      </Card>
    );
  }

  return (
    <div style={{ maxWidth: 720 }}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>充值金额</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group value={choice} onChange={(event) => setChoice(event.target.value)} optionType="button" buttonStyle="solid">
              {options.amountChoicesFen.map((fen) => (
                <Radio.Button key={fen} value={String(fen)}>{formatYuan(fen)} 元</Radio.Button>
              ))}
              <Radio.Button value={OTHER_AMOUNT}>其他金额</Radio.Button>
            </Radio.Group>
          </div>
          {choice === OTHER_AMOUNT && (
            <InputNumber
              aria-label="其他金额（元）"
              style={{ marginTop: 12, width: 240 }}
              min={options.minFen / FEN_PER_YUAN}
              max={options.maxFen / FEN_PER_YUAN}
              precision={2}
              addonAfter="元"
              placeholder="1 至 50,000"
              value={otherYuan}
              onChange={(value) => setOtherYuan(value)}
            />
          )}
        </div>
        <div>
          <Typography.Text strong>支付方式</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group value={channel} onChange={(event) => setChannel(event.target.value)}>
              {options.channels.map((option) => (
                <Radio key={option.key} value={option.key}>{option.label}</Radio>
              ))}
            </Radio.Group>
          </div>
        </div>
        {error && <Alert type="error" showIcon message={error} />}
        <Button type="primary" size="large" loading={create.mutation.isPending} onClick={pay}>
          去支付{isAmountValid && amountFen !== null ? ` ${formatYuan(amountFen)} 元` : ""}
        </Button>
      </Space>
    </div>
  );
}

function OrderProgress({ merchantOrderNo, onAgain }: { merchantOrderNo: string; onAgain: () => void }) {
  const queryClient = useQueryClient();
  const { datas, query } = useEndpointQuery(
    RECHARGE_ENDPOINTS.rechargeOrder,
    { merchantOrderNo },
    { retry: false, refetchInterval: (current) => ((current.state.data as { data?: RechargeOrder } | undefined)?.data?.state === "created" ? ORDER_POLL_MS : false) },
  );
  const order = datas?.state ? datas : undefined;
  const state = order?.state;

  // The header's balance and recharge button follow the new balance once the money arrived.
  useEffect(() => {
    if (state !== "paid") return;
    const balancePath = webapiPath(BILLING_ENDPOINTS.getBalance);
    void queryClient.invalidateQueries({ predicate: (cached) => JSON.stringify(cached.queryKey).includes(balancePath) });
  }, [state, queryClient]);

  if (query.isLoading) return <Spin />;
  if (query.error || !order) return <Alert type="error" showIcon message={query.error?.message ?? "充值订单不存在"} action={<Button onClick={onAgain}>重新充值</Button>} />;

  const again = <Button key="again" onClick={onAgain}>继续充值</Button>;
  const details = `订单号 ${order.merchantOrderNo}，充值金额 ${formatYuan(order.amountFen)} 元`;
  if (order.state === "paid") {
    return <Result status="success" title="充值成功" subTitle={`${details}。当前账户余额 ${formatBalanceYuan(order.balanceFen)} 元`} extra={[again]} />;
  }
  if (order.state === "created") {
    return <Result icon={<Spin size="large" />} title="正在确认支付结果…" subTitle={`${details}。支付完成后页面会自动更新`} extra={[again]} />;
  }
  return <Result status="warning" title={PAYMENT_ORDER_STATE_LABELS[order.state]} subTitle={`${details}。未入账，可重新充值`} extra={[again]} />;
}
