import { createContext, useContext, type ReactNode } from "react";
import type { ChildAccountClient } from "./child-account-client";
import type { PersonalClient } from "./personal-client";

/** The personal centre's clients, handed down so pages reach /webapi only through providers and tests can hand in fakes. */
export interface PersonalServices {
  personal: PersonalClient;
  childAccounts: ChildAccountClient;
}

const PersonalServicesContext = createContext<PersonalServices | null>(null);

export function PersonalServicesProvider({ services, children }: { services: PersonalServices; children: ReactNode }) {
  return <PersonalServicesContext.Provider value={services}>{children}</PersonalServicesContext.Provider>;
}

export function usePersonalServices(): PersonalServices {
  const services = useContext(PersonalServicesContext);
  if (!services) throw new Error("usePersonalServices must be used inside <PersonalServicesProvider>");
  return services;
}
