import { Button, Modal } from "antd";
import { useEffect, useRef } from "react";
import { MESSAGE_MODAL_AUTO_CLOSE_MS } from "../schema/constants";
import type { MessageModalOptions, MessageModalStore } from "../providers/message-modal-store";
import { useModalStore } from "../providers/modal-store";

export const MESSAGE_MODAL_TEXT = { title: "消息提示", confirm: "确定", cancel: "取消" } as const;

export interface MessageModalProps extends MessageModalOptions {
  open: boolean;
  /** Called once the modal should disappear: after confirm, cancel, the close icon or auto-close. */
  onClose: () => void;
}

/** The message modal of spec §2: title 消息提示, configurable confirm and cancel texts, optional 5 s auto-close. */
export function MessageModal(props: MessageModalProps) {
  const { open, autoClose, onClose } = props;

  // The latest onClose is read through a ref so that a parent re-rendering with a new callback
  // does not restart the 5-second countdown.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open || !autoClose) return;
    const timer = setTimeout(() => onCloseRef.current(), MESSAGE_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, autoClose]);

  const cancel = () => {
    props.onCancel?.();
    onClose();
  };
  const confirm = () => {
    props.onConfirm?.();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={props.title ?? MESSAGE_MODAL_TEXT.title}
      onCancel={cancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={cancel}>
          {props.cancelText ?? MESSAGE_MODAL_TEXT.cancel}
        </Button>,
        <Button key="confirm" type="primary" onClick={confirm}>
          {props.confirmText ?? MESSAGE_MODAL_TEXT.confirm}
        </Button>,
      ]}
    >
      {props.content}
    </Modal>
  );
}

/** Renders the store's current message; mount once near the root of the app. */
export function MessageModalHost({ store }: { store: MessageModalStore }) {
  const current = useModalStore(store);
  return current ? <MessageModal {...current} open onClose={store.close} /> : null;
}
