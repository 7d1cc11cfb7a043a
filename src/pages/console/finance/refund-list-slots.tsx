import { App, Button, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import type { PageSlots, RowActionsProps } from "../../../resources/types";
import { PAYMENT_CONSOLE_ENDPOINTS, type PaymentRefundRecord } from "../../../schema/console/payments";
import { PAYMENT_REFUND_STATE_LABELS } from "../../../schema/payment-refund";
import { formatYuanWithCents } from "../../../schema/money";

/** What the refunds list (/console/finance/refunds/dataList) adds to the generic list: 重试 on a failed refund. */

function RetryRefund({ record, refresh }: RowActionsProps) {
  const refund = record as PaymentRefundRecord;
  const { message } = App.useApp();
  const { send } = useEndpointMutation(PAYMENT_CONSOLE_ENDPOINTS.retryRefund);
  const [isOpen, setOpen] = useState(false);
  const [isSending, setSending] = useState(false);
  if (refund.state !== "refundFailed") return null;

  async function retry() {
    setSending(true);
    try {
      const after = await send({ id: refund.id });
      message.success(`重试完成：${PAYMENT_REFUND_STATE_LABELS[after.state]}`);
      setOpen(false);
      refresh();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        重试
      </Button>
      {isOpen && (
        <Modal open title="重试退款" okText="确认重试" cancelText="取消" confirmLoading={isSending} onOk={() => void retry()} onCancel={() => setOpen(false)}>
          <Typography.Paragraph>
            以新的退款单号再次请求支付渠道，将订单 {refund.merchantOrderNo} 收到的 {formatYuanWithCents(refund.amountFen)} 元原路退回给客户 {refund.customerAccount}。此操作记入操作审计。
          </Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}

const slots: PageSlots = { rowActions: RetryRefund };
export default slots;
