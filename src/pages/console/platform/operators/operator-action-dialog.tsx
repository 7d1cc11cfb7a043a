import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../../providers/use-endpoint";
import { OperatorActionReasonSchema } from "../../../../schema/console/operator-forms";
import { AUDIT_REASON_MAX_LENGTH, type OperatorRecord } from "../../../../schema/console/operators";
import type { OperatorRowAction } from "./operator-row-actions";

/**
 * Confirms one of an operator's actions (停用, 启用, 重置二次验证): says what will happen, takes an
 * optional reason for the audit trail, and shows the server's refusal (the last administrator, or
 * oneself) without closing.
 */
export function OperatorActionDialog({ operator, action, onClose, onDone }: { operator: OperatorRecord; action: OperatorRowAction; onClose: () => void; onDone: () => void }) {
  const { send } = useEndpointMutation(action.endpoint);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  async function confirm() {
    const checked = OperatorActionReasonSchema.safeParse({ reason });
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    setSending(true);
    setProblem(null);
    try {
      await send({ id: operator.id, ...(checked.data.reason ? { reason: checked.data.reason } : {}) });
      onDone();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={`${action.label}：${operator.name}`}
      okText={`确认${action.label}`}
      okButtonProps={{ danger: action.isDangerous }}
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{action.consequence(operator)}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="原因（记入操作审计，可不填）">
          <Input.TextArea aria-label="原因" value={reason} maxLength={AUDIT_REASON_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </Modal>
  );
}
