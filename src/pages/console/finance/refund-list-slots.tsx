import { ConfirmedActionButton } from "../../../components/confirmed-action-button";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import { PAYMENT_CONSOLE_ENDPOINTS, type PaymentRefundRecord } from "../../../schema/console/payments";
import { PAYMENT_REFUND_STATE_LABELS } from "../../../schema/payment-refund";
import { formatYuanWithCents } from "../../../schema/money";

/** What the refunds list (/console/finance/refunds/dataList) adds to the generic list: 重试 on a failed refund. */

function RetryRefund({ record, refresh }: RowActionsProps) {
  const refund = record as PaymentRefundRecord;
  const { send } = useEndpointMutation(PAYMENT_CONSOLE_ENDPOINTS.retryRefund);
  if (refund.state !== "refundFailed") return null;
  return (
    <ConfirmedActionButton
      label="重试"
      title="重试退款"
      okText="确认重试"
      description={`以新的退款单号再次请求支付渠道，将订单 ${refund.merchantOrderNo} 收到的 ${formatYuanWithCents(refund.amountFen)} 元原路退回给客户 ${refund.customerAccount}。此操作记入操作审计。`}
      perform={async () => {
        const after = await send({ id: refund.id });
        refresh();
        return `重试完成：${PAYMENT_REFUND_STATE_LABELS[after.state]}`;
      }}
    />
  );
}

const slots: PageSlots = { rowActions: RetryRefund };
export default slots;
