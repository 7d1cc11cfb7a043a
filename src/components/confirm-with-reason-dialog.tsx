import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState, type ReactNode } from "react";

/** A schema's safeParse answer, as far as the dialog reads it. */
type Checked<Input> = { success: true; data: Input } | { success: false; error: { issues: readonly { message: string }[] } };

export interface ConfirmWithReasonDialogProps<Input> {
  title: string;
  /** The confirming button, e.g. 确认终止. */
  okText: string;
  isDangerous: boolean;
  /** What will happen, said before the person confirms. */
  consequence: ReactNode;
  /** The reason field's label and accessible name. */
  reasonLabel: string;
  reasonName: string;
  isReasonRequired: boolean;
  maxLength: number;
  /** The call's input with the reason, checked by the call's own schema. */
  check: (reason: string) => Checked<Input>;
  /** The call; rejects with the server's refusal. */
  send: (input: Input) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

/**
 * An action confirmed with a reason for the record (终止合同 or 停用 an operator in the console, a
 * notary's 驳回, an applicant's 撤回): says what follows, checks the reason with the call's schema,
 * and shows a refusal in the dialog without closing it, so the person can correct the reason or
 * read why the server said no.
 */
export function ConfirmWithReasonDialog<Input>(props: ConfirmWithReasonDialogProps<Input>) {
  const { title, okText, isDangerous, consequence, reasonLabel, reasonName, isReasonRequired, maxLength, check, send, onClose, onDone } = props;
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  async function confirm() {
    const checked = check(reason);
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    setSending(true);
    setProblem(null);
    try {
      await send(checked.data);
      onDone();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger: isDangerous }} cancelText="取消" confirmLoading={isSending} onOk={() => void confirm()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>{consequence}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={reasonLabel} required={isReasonRequired}>
          <Input.TextArea aria-label={reasonName} value={reason} maxLength={maxLength} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </Modal>
  );
}
