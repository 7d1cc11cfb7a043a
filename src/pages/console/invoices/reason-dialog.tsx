import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { INVOICE_REASON_MAX_LENGTH, ReasonedApplicationSchema } from "../../../schema/invoice";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";

export interface ReasonDialogProps {
  applicationId: number;
  /** 驳回 or 红冲: the dialog's title and its button. */
  action: string;
  /** What the reason is called and what it is for. */
  label: string;
  help: string;
  placeholder: string;
  onCancel: () => void;
  /** Sends the decision; rejects with the server's refusal. */
  onSend: (reason: string) => Promise<void>;
  /** A refusal that names no field (decided meanwhile by someone else). */
  onFailed: (message: string) => void;
}

/** A decision that needs a reason the customer reads (2-200 characters), checked by the call's own schema first. */
export function ReasonDialog({ applicationId, action, label, help, placeholder, onCancel, onSend, onFailed }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [isSending, setSending] = useState(false);

  async function send() {
    const checked = ReasonedApplicationSchema.safeParse({ id: applicationId, reason: form.getFieldValue("reason") ?? "" });
    const problem = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === "reason");
    if (problem) return form.setFields([{ name: "reason", errors: [problem.message] }]);
    setSending(true);
    try {
      await onSend(checked.data!.reason);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!showOnFields(form, ["reason"], refusal)) onFailed(refusal.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open title={`${action}开票申请 ${applicationId}`} okText={action} okButtonProps={{ danger: true }} cancelText="取消" onOk={send} onCancel={onCancel} confirmLoading={isSending} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} required extra={help}>
          <Input.TextArea rows={4} maxLength={INVOICE_REASON_MAX_LENGTH} showCount aria-label={label} placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
