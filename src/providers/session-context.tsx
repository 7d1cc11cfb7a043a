import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { NotarySession, SessionStore, StoredOperatorSession, UserSession } from "./session-store";

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionStoreProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error("useSessionStore must be used inside <SessionStoreProvider>");
  return store;
}

/** The stored user, re-rendering when it changes (login, logout, timestamp refresh). */
export function useUserSession(): UserSession | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getUser);
}

export function useNotarySession(): NotarySession | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getNotary);
}

/** The signed-in operator of the console, re-rendering on sign-in, sign-out and activity. */
export function useOperatorSession(): StoredOperatorSession | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getOperator);
}
