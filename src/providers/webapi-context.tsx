import type { AuthProvider, DataProvider } from "@refinedev/core";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The data and auth providers for hooks that must work without refine mounted (use-endpoint.ts,
 * use-auth-actions.ts): the visitor's pages (home, verification) never load refine, while the
 * logged-in app passes the same two objects to <Refine>, so both sides call /webapi alike.
 */
export interface WebapiProviders {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
}

const WebapiContext = createContext<WebapiProviders | null>(null);

export function WebapiProvider({ providers, children }: { providers: WebapiProviders; children: ReactNode }) {
  return <WebapiContext.Provider value={providers}>{children}</WebapiContext.Provider>;
}

export function useWebapiProviders(): WebapiProviders {
  const providers = useContext(WebapiContext);
  if (!providers) throw new Error("useWebapiProviders must be used inside <WebapiProvider>");
  return providers;
}
