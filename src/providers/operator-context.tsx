import { createContext, useContext, type ReactNode } from "react";
import type { OperatorAuth } from "./operator-auth";
import type { OperatorClient } from "./operator-client";

/** The console's sign-in and profile calls for its pages (pages never call the http client directly); tests hand in fakes. */
export interface OperatorServices {
  client: OperatorClient;
  auth: OperatorAuth;
}

const OperatorServicesContext = createContext<OperatorServices | null>(null);

export function OperatorServicesProvider({ services, children }: { services: OperatorServices; children: ReactNode }) {
  return <OperatorServicesContext.Provider value={services}>{children}</OperatorServicesContext.Provider>;
}

export function useOperatorServices(): OperatorServices {
  const services = useContext(OperatorServicesContext);
  if (!services) throw new Error("useOperatorServices must be used inside <OperatorServicesProvider>");
  return services;
}
