import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { DecideApplicationInputSchema, REJECT_REASON_MAX_LENGTH, type ApplicationRef } from "../../../schema/console/identity-review";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";

export interface RejectDialogProps {
  application: ApplicationRef;
  onCancel: () => void;
  /** Sends the rejection; rejects with the server's refusal. */
  onReject: (reason: string) => Promise<void>;
  /** A refusal that names no field (the application was decided meanwhile). */
  onFailed: (message: string) => void;
}

/** 驳回: the reason is required (2-200 characters) and is what the customer reads; checked by the call's own schema first. */
export function RejectDialog({ application, onCancel, onReject, onFailed }: RejectDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [isSending, setSending] = useState(false);

  async function reject() {
    const reason = form.getFieldValue("reason") ?? "";
    const checked = DecideApplicationInputSchema.safeParse({ ...application, decision: "reject", reason });
    const problem = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === "reason");
    if (problem) return form.setFields([{ name: "reason", errors: [problem.message] }]);
    setSending(true);
    try {
      await onReject(checked.data!.reason!);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!showOnFields(form, ["reason"], refusal)) onFailed(refusal.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open title="驳回认证申请" okText="驳回" okButtonProps={{ danger: true }} cancelText="取消" onOk={reject} onCancel={onCancel} confirmLoading={isSending} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="驳回原因" required extra="用户将在认证页面和通知中看到这一原因，请写明需要修改什么。">
          <Input.TextArea rows={4} maxLength={REJECT_REASON_MAX_LENGTH} showCount aria-label="驳回原因" placeholder="例如：营业执照照片模糊，无法辨认统一社会信用代码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
