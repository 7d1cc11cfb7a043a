import { createContext, useContext, type ReactNode } from "react";
import type { AccountClient } from "./account-client";
import type { SecondStepStorage } from "./second-step-storage";

/**
 * What the account screens need besides refine's login: the calls that are not a login (captcha,
 * existence check, codes, password changes) and the pending second step. Handed down by context
 * so that pages reach /webapi only through the providers, and tests can hand in fakes.
 */
export interface AccountServices {
  client: AccountClient;
  secondStep: SecondStepStorage;
}

const AccountServicesContext = createContext<AccountServices | null>(null);

export function AccountServicesProvider({ services, children }: { services: AccountServices; children: ReactNode }) {
  return <AccountServicesContext.Provider value={services}>{children}</AccountServicesContext.Provider>;
}

export function useAccountServices(): AccountServices {
  const services = useContext(AccountServicesContext);
  if (!services) throw new Error("useAccountServices must be used inside <AccountServicesProvider>");
  return services;
}
