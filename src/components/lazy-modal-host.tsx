import { lazy, Suspense, useRef, type ComponentType } from "react";
import { useModalStore, type ModalStore } from "../providers/modal-store";

type ModalHost<Options> = ComponentType<{ store: ModalStore<Options> }>;

/**
 * An application-wide modal's host whose code (antd's Modal with it) loads the first time its store
 * shows something, so a first load that shows no modal carries none (issue 20). Once loaded it
 * stays mounted, so closing still animates and the next show() is immediate.
 */
export function lazyModalHost<Options>(load: () => Promise<ModalHost<Options>>): ModalHost<Options> {
  const Host = lazy(async () => ({ default: await load() }));
  return function LazyModalHost({ store }) {
    const current = useModalStore(store);
    const hasShown = useRef(false);
    if (current) hasShown.current = true;
    if (!hasShown.current) return null;
    return (
      <Suspense fallback={null}>
        <Host store={store} />
      </Suspense>
    );
  };
}
