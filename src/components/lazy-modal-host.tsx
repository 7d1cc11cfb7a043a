import { useEffect, useState, type ComponentType } from "react";
import { useModalStore, type ModalStore } from "../providers/modal-store";

type ModalHost<Options> = ComponentType<{ store: ModalStore<Options> }>;

/**
 * An application-wide modal's host whose code (antd's Modal with it) loads the first time its store
 * shows something, so a first load that shows no modal carries none (issue 20). Once loaded it
 * stays mounted, so closing still animates and the next show() is immediate. (Plain state rather
 * than React.lazy: a modal's countdown must not wait for Suspense's reveal throttle.)
 */
export function lazyModalHost<Options>(load: () => Promise<ModalHost<Options>>): ModalHost<Options> {
  let loaded: ModalHost<Options> | undefined;
  return function LazyModalHost({ store }) {
    const current = useModalStore(store);
    const [Host, setHost] = useState(() => loaded);
    useEffect(() => {
      if (Host || !current) return;
      let isMounted = true;
      void load().then((host) => {
        loaded = host;
        if (isMounted) setHost(() => host);
      });
      return () => {
        isMounted = false;
      };
    }, [Host, current]);
    return Host ? <Host store={store} /> : null;
  };
}
