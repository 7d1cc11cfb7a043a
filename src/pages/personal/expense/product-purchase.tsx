import { Alert, App, Button, Card, Descriptions, InputNumber, Radio, Skeleton, Space, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { RechargeButton } from "../../../components/billing/recharge-button";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { useUserSession } from "../../../providers/session-context";
import { useBalance } from "../../../providers/use-account-billing";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { ACCOUNT_LIMIT_MESSAGES, AccountLimitCode, formatBalanceYuan } from "../../../schema/billing";
import { BUNDLE_VALID_DAYS, PROMOTION_STATE_LABELS } from "../../../schema/bundle";
import { formatArticleDate } from "../../../schema/format";
import { formatYuan } from "../../../schema/money";
import { PURCHASE_ENDPOINTS, PURCHASE_MAX_QUANTITY, promotionState, type Product, type PurchaseResult } from "../../../schema/purchase";
import { refusalOf } from "../../kinds/server-refusal";

export const PURCHASE_TEXT = {
  buy: "立即购买",
  confirmTitle: "确认购买",
  notForSale: "暂未定价",
  rules: `公证套餐自购买之日起 ${BUNDLE_VALID_DAYS} 天内有效，不限购买数量，数量可累加；套餐一经购买不予退款。`,
  subAccount: ACCOUNT_LIMIT_MESSAGES[AccountLimitCode.subAccountNotAllowed],
  bought: "购买成功，套餐已到账",
} as const;

const newAttemptId = () => crypto.randomUUID();

/** "首发优惠 2017年09月15日至2017年11月15日 活动价 1,500.00 元（已结束）" */
function promotionText(promotion: NonNullable<Product["promotion"]>, now: number): string {
  return `${promotion.name} ${formatArticleDate(promotion.start)}至${formatArticleDate(promotion.end)} 活动价 ${formatYuan(promotion.priceFen)} 元（${PROMOTION_STATE_LABELS[promotionState(promotion, now)]}）`;
}

/**
 * Buying from the balance (spec §2, §9): the products to choose from, a quantity, the total
 * against the balance (with the way to recharge when it is short) and a confirmation naming the
 * amount. Each confirmed attempt carries its own id, so a repeated submission is charged once.
 * The expense centre's purchasePackage and judicial pay's bundles both buy through it.
 */
export function ProductPurchase({ products, isLoading, chosen, onChoose, onBought, notice }: ProductPurchaseProps) {
  const uid = useUserSession()?.id;
  const now = useServerNow();
  const { modal, message } = App.useApp();
  const balance = useBalance();
  const { send, mutation } = useEndpointMutation(PURCHASE_ENDPOINTS.purchase);
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const product = products.find((candidate) => candidate.code === chosen && candidate.priceFen !== null);
  const totalFen = product?.priceFen ? product.priceFen * quantity : null;
  const isShort = totalFen !== null && balance.balanceFen !== null && totalFen > balance.balanceFen;

  const buy = () => {
    if (!product || totalFen === null || uid === undefined) return;
    const attemptId = newAttemptId();
    setError(null);
    modal.confirm({
      title: PURCHASE_TEXT.confirmTitle,
      content: `购买「${product.name}」× ${quantity}，共 ${formatYuan(totalFen)} 元，将从账户余额中扣除，购买后不予退款。`,
      okText: "确认支付",
      cancelText: "取消",
      onOk: async () => {
        try {
          const bought = await send({ uid, productCode: product.code, quantity, attemptId });
          void message.success(PURCHASE_TEXT.bought);
          balance.refresh();
          onBought(bought);
        } catch (failure) {
          setError(refusalOf(failure).message);
        }
      },
    });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Alert type="info" showIcon message={PURCHASE_TEXT.rules} />
      {notice}
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Radio.Group value={chosen} onChange={(event) => onChoose(event.target.value as string)} style={{ width: "100%" }} aria-label="选择套餐">
          <Space direction="vertical" style={{ width: "100%" }}>
            {products.map((candidate) => (
              <ProductOption key={candidate.code} product={candidate} now={now} />
            ))}
          </Space>
        </Radio.Group>
      )}
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

interface ProductPurchaseProps {
  products: readonly Product[];
  isLoading: boolean;
  chosen: string | null;
  onChoose: (code: string) => void;
  onBought: (result: PurchaseResult) => void;
  /** Shown under the rules (why a product was chosen for the buyer). */
  notice?: ReactNode;
}

function ProductOption({ product, now }: { product: Product; now: number }) {
  const forSale = product.priceFen !== null;
  return (
    <Card size="small">
      <Radio value={product.code} disabled={!forSale}>
        <Space wrap>
          <Typography.Text strong>{product.name}</Typography.Text>
          {forSale ? <Typography.Text type="danger">{formatYuan(product.priceFen!)} 元/份</Typography.Text> : <Tag>{PURCHASE_TEXT.notForSale}</Tag>}
          {product.priceFen !== null && product.regularPriceFen !== null && product.priceFen !== product.regularPriceFen && (
            <Typography.Text delete type="secondary">原价 {formatYuan(product.regularPriceFen)} 元</Typography.Text>
          )}
        </Space>
      </Radio>
      {product.promotion && (
        <div style={{ marginTop: 4, marginLeft: 24 }}>
          <Typography.Text type="secondary">{promotionText(product.promotion, now)}</Typography.Text>
        </div>
      )}
    </Card>
  );
}

