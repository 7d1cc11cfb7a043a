import { Alert, App, Button, Descriptions, InputNumber, Radio, Result, Skeleton, Space } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { RechargeButton } from "../../../components/billing/recharge-button";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { useAppLinks } from "../../../providers/app-links-context";
import { useUserSession } from "../../../providers/session-context";
import { useBalance } from "../../../providers/use-account-billing";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { formatBalanceYuan } from "../../../schema/billing";
import { bundleSizeFor } from "../../../schema/judicial-pay";
import { formatYuan } from "../../../schema/money";
import { NOTARIZATION_ENDPOINTS } from "../../../schema/notarization";
import { PURCHASE_ENDPOINTS, PURCHASE_MAX_QUANTITY, type PurchaseResult } from "../../../schema/purchase";
import { refusalOf } from "../../kinds/server-refusal";
import { ProductOption, PURCHASE_TEXT } from "../../personal/expense/purchase-package-page";

/**
 * Buying notarisation bundles through the purchase call (spec §4, §5, §9). With ?application= the
 * bundle whose snapshot allowance fits that notarisation application's snapshots is chosen for the
 * buyer (spec §5: snapshots within 10, 30 or 50). Each confirmed attempt carries its own id, so a
 * repeated submission is charged once.
 */
export function BundlePanel({ applicationId }: { applicationId: number | null }) {
  const uid = useUserSession()?.id;
  const now = useServerNow();
  const links = useAppLinks();
  const { modal, message } = App.useApp();
  const balance = useBalance();
  const prices = useEndpointQuery(PURCHASE_ENDPOINTS.productPrices, { uid }, { enabled: uid !== undefined });
  const application = useEndpointQuery(NOTARIZATION_ENDPOINTS.detail, { id: applicationId ?? 0 }, { enabled: applicationId !== null, retry: false });
  const { send, mutation } = useEndpointMutation(PURCHASE_ENDPOINTS.purchase);
  const bundles = useMemo(() => (prices.datas?.list ?? []).filter((product) => product.kind === "bundle"), [prices.datas]);
  // refine answers an empty object until (or unless) the application arrives.
  const covered = application.datas?.evidence;
  const snapshots = covered ? covered.filter((item) => item.kind === "snapshot").length : null;
  const fitting = snapshots === null ? null : bundleSizeFor(snapshots);
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [bought, setBought] = useState<PurchaseResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const fits = bundles.find((product) => product.unitCount === fitting && product.priceFen !== null);
    if (fits) setChosen((current) => current ?? fits.code);
  }, [bundles, fitting]);

  const product = bundles.find((candidate) => candidate.code === chosen && candidate.priceFen !== null);
  const totalFen = product?.priceFen ? product.priceFen * quantity : null;
  const isShort = totalFen !== null && balance.balanceFen !== null && totalFen > balance.balanceFen;

  if (bought) {
    return <Result status="success" title={PURCHASE_TEXT.bought} subTitle={`共支付 ${formatYuan(bought.totalFen)} 元，可在在线公证中使用。`} extra={<Link to={links.notarizationGuidance}>去申请在线公证</Link>} />;
  }
  if (prices.query.isLoading) return <Skeleton active />;

  const buy = () => {
    if (!product || totalFen === null || uid === undefined) return;
    const attemptId = crypto.randomUUID();
    setError(null);
    modal.confirm({
      title: PURCHASE_TEXT.confirmTitle,
      content: `购买「${product.name}」× ${quantity}，共 ${formatYuan(totalFen)} 元，将从账户余额中扣除，购买后不予退款。`,
      okText: "确认支付",
      cancelText: "取消",
      onOk: async () => {
        try {
          setBought(await send({ uid, productCode: product.code, quantity, attemptId }));
          balance.refresh();
          void message.success(PURCHASE_TEXT.bought);
        } catch (failure) {
          setError(refusalOf(failure).message);
        }
      },
    });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Alert type="info" showIcon message={PURCHASE_TEXT.rules} />
      {snapshots !== null && (
        <Alert
          type={fitting ? "success" : "warning"}
          showIcon
          message={fitting ? `公证申请 ${application.datas!.applicationNo} 含 ${snapshots} 条网页快照，已为您选择可覆盖的 ${fitting} 条快照套餐。` : `公证申请 ${application.datas!.applicationNo} 含 ${snapshots} 条网页快照，没有可覆盖的公证套餐，请改为支付公证费。`}
        />
      )}
      <Radio.Group value={chosen} onChange={(event) => setChosen(event.target.value as string)} style={{ width: "100%" }} aria-label="选择公证套餐">
        <Space direction="vertical" style={{ width: "100%" }}>
          {bundles.map((candidate) => (
            <ProductOption key={candidate.code} product={candidate} now={now} />
          ))}
        </Space>
      </Radio.Group>
      <Descriptions column={1} bordered size="middle" style={{ maxWidth: 560 }}>
        <Descriptions.Item label="购买数量">
          <InputNumber aria-label="购买数量" min={1} max={PURCHASE_MAX_QUANTITY} precision={0} value={quantity} onChange={(value) => setQuantity(value ?? 1)} />
        </Descriptions.Item>
        <Descriptions.Item label="应付金额（元）">{totalFen === null ? "—" : formatYuan(totalFen)}</Descriptions.Item>
        <Descriptions.Item label="账户余额（元）">{balance.balanceFen === null ? "—" : formatBalanceYuan(balance.balanceFen)}</Descriptions.Item>
      </Descriptions>
      {isShort && <Alert type="warning" showIcon message="账户余额不足，请先充值" action={<RechargeButton size="small" />} />}
      {error && <Alert type="error" showIcon message={error} />}
      <Button type="primary" size="large" disabled={!product || isShort} loading={mutation.isPending} onClick={buy} style={{ width: 200 }}>
        {PURCHASE_TEXT.buy}
      </Button>
    </Space>
  );
}
