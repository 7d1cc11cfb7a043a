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

export interface MessageModalStore {
  show(options: MessageModalOptions): void;
  close(): void;
  getCurrent(): MessageModalOptions | null;
  subscribe(listener: () => void): () => void;
}

export function createMessageModalStore(): MessageModalStore {
  let current: MessageModalOptions | null = null;
  const listeners = new Set<() => void>();
  const set = (next: MessageModalOptions | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    // A newer message replaces an older one: the latest is what the user needs to read.
    show: (options) => set({ ...options }),
    close: () => set(null),
    getCurrent: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
