import type { FastifyInstance } from "fastify";
import type { AccountServices } from "../account/account.module.js";
import type { ModuleContext } from "../module.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import { childAccountRoutes } from "./child-account.routes.js";
import { ChildAccountService } from "./child-account.service.js";

export type ChildAccountModuleOptions = ModuleContext & {
  accounts: Pick<AccountServices, "records" | "subAccounts">;
  security: Pick<SecurityServices, "fields">;
  sessions: SessionService;
};

/** A main account's sub-accounts (spec §2 childAccountManagement); their rows are the account module's. */
export async function childAccountModule(app: FastifyInstance, { accounts, security, sessions }: ChildAccountModuleOptions) {
  const children = new ChildAccountService({ subAccounts: accounts.subAccounts, accounts: accounts.records, fields: security.fields, sessions });
  await app.register(childAccountRoutes, { children });
}
