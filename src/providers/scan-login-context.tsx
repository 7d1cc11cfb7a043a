import { createContext, useContext, type ReactNode } from "react";
import type { ScanLoginClient } from "./scan-login-client";

/** The scan-login screens' way to /webapi (pages never call the http client directly); tests hand in fakes. */
const ScanLoginClientContext = createContext<ScanLoginClient | null>(null);

export function ScanLoginClientProvider({ client, children }: { client: ScanLoginClient; children: ReactNode }) {
  return <ScanLoginClientContext.Provider value={client}>{children}</ScanLoginClientContext.Provider>;
}

export function useScanLoginClient(): ScanLoginClient {
  const client = useContext(ScanLoginClientContext);
  if (!client) throw new Error("useScanLoginClient must be used inside <ScanLoginClientProvider>");
  return client;
}
