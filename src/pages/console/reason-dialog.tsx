import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { refusalOf, showOnFields } from "../kinds/server-refusal";

export interface ReasonDialogProps {
  title: string;
  /** The decision's name: the dialog's button (驳回, 红冲). */
  action: string;
  /** What the reason is called, and what the operator should know about it. */
  label: string;
  help: string;
  placeholder: string;
  maxLength: number;
  /** The reason as the call's own schema accepts it, or that schema's message for it. */
  check: (reason: string) => { reason: string } | { problem: string };
  onCancel: () => void;
  /** Sends the decision; rejects with the server's refusal. */
  onSend: (reason: string) => Promise<void>;
  /** A refusal that names no field (decided meanwhile by someone else). */
  onFailed: (message: string) => void;
}

/**
 * A console decision that needs a reason the customer reads (驳回 an identity or invoice
 * application, 红冲 an invoice): checked by the call's own schema first, the server's message on
 * the field after.
 */
export function ReasonDialog({ title, action, label, help, placeholder, maxLength, check, onCancel, onSend, onFailed }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [isSending, setSending] = useState(false);

  async function send() {
    const checked = check(form.getFieldValue("reason") ?? "");
    if ("problem" in checked) return form.setFields([{ name: "reason", errors: [checked.problem] }]);
    setSending(true);
    try {
      await onSend(checked.reason);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!showOnFields(form, ["reason"], refusal)) onFailed(refusal.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open title={title} okText={action} okButtonProps={{ danger: true }} cancelText="取消" onOk={send} onCancel={onCancel} confirmLoading={isSending} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} required extra={help}>
          <Input.TextArea rows={4} maxLength={maxLength} showCount aria-label={label} placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
