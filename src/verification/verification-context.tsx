import { createContext, useContext, type ReactNode } from "react";
import type { VerificationClient } from "./verification-client";

const VerificationClientContext = createContext<VerificationClient | null>(null);

export function VerificationClientProvider({ client, children }: { client: VerificationClient; children: ReactNode }) {
  return <VerificationClientContext.Provider value={client}>{children}</VerificationClientContext.Provider>;
}

export function useVerificationClient(): VerificationClient {
  const client = useContext(VerificationClientContext);
  if (!client) throw new Error("useVerificationClient must be used inside <VerificationClientProvider>");
  return client;
}
