import { createModalStore, type ModalStore } from "./modal-store";

/**
 * The application's one message modal (spec §2, §3 "application state: message modal"), as a tiny
 * store so that non-React code — the auth provider reporting a failed logout — can open it, and
 * <MessageModalHost> renders whatever is current.
 */

export interface MessageModalOptions {
  content: string;
  /** Defaults to 消息提示. */
  title?: string;
  /** Defaults to 确定. */
  confirmText?: string;
  /** Defaults to 取消. */
  cancelText?: string;
  /** Close by itself after MESSAGE_MODAL_AUTO_CLOSE_MS (5 s). */
  autoClose?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export type MessageModalStore = ModalStore<MessageModalOptions>;

export function createMessageModalStore(): MessageModalStore {
  return createModalStore<MessageModalOptions>();
}
