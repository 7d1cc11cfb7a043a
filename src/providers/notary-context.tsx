import { createContext, useContext, type ReactNode } from "react";
import type { NotaryAuth } from "./notary-auth";
import type { NotaryClient } from "./notary-client";

/** The notary pages' way to /webapi (pages never call the http client directly); tests hand in fakes. */
export interface NotaryServices {
  client: NotaryClient;
  auth: NotaryAuth;
}

const NotaryServicesContext = createContext<NotaryServices | null>(null);

export function NotaryServicesProvider({ services, children }: { services: NotaryServices; children: ReactNode }) {
  return <NotaryServicesContext.Provider value={services}>{children}</NotaryServicesContext.Provider>;
}

export function useNotaryServices(): NotaryServices {
  const services = useContext(NotaryServicesContext);
  if (!services) throw new Error("useNotaryServices must be used inside <NotaryServicesProvider>");
  return services;
}
