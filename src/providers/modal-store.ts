import { useSyncExternalStore } from "react";

/**
 * One application-wide modal as a tiny store (spec §3 "application state"): code outside React —
 * a provider, a download in progress — opens it with show(), and a host component mounted once
 * renders whatever is current. The message, export-records and packaging modals all use it.
 */
export interface ModalStore<Options> {
  show(options: Options): void;
  close(): void;
  getCurrent(): Options | null;
  subscribe(listener: () => void): () => void;
}

export function createModalStore<Options extends object>(): ModalStore<Options> {
  let current: Options | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Options | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    // A newer call replaces an older one: the latest is what the user needs to see. The copy makes
    // every show() a new state, so a host can restart its countdown even for equal options.
    show: (options) => set({ ...options }),
    close: () => set(null),
    getCurrent: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the store currently shows, re-rendering when it changes. */
export function useModalStore<Options>(store: ModalStore<Options>): Options | null {
  return useSyncExternalStore(store.subscribe, store.getCurrent);
}
