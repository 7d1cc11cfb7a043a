import { App, Button, Modal, Typography } from "antd";
import { useState, type ReactNode } from "react";

export type ConfirmedActionButtonProps = {
  /** The link's text, e.g. 重试. */
  label: string;
  title: string;
  okText: string;
  /** What the action does, said before the operator confirms. */
  description: ReactNode;
  /** Does the action; resolves to the success message shown. A rejection's message is shown instead. */
  perform: () => Promise<string>;
};

/** A row's action that asks first: a link, a modal saying what will happen, the call with its outcome as a message. */
export function ConfirmedActionButton({ label, title, okText, description, perform }: ConfirmedActionButtonProps) {
  const { message } = App.useApp();
  const [isOpen, setOpen] = useState(false);
  const [isSending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    try {
      message.success(await perform());
      setOpen(false);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {isOpen && (
        <Modal open title={title} okText={okText} cancelText="取消" confirmLoading={isSending} onOk={() => void confirm()} onCancel={() => setOpen(false)}>
          <Typography.Paragraph>{description}</Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}
