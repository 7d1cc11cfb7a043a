import type { FastifyInstance } from "fastify";
import type { AccountServices } from "../../account/account.module.js";
import type { EvidenceService } from "../../evidence/evidence.service.js";
import type { PersonalServices } from "../../personal/personal.module.js";
import type { SessionService } from "../../session/session.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import { customerRoutes } from "./customers.routes.js";
import { CustomerService } from "./customers.service.js";

export type CustomersModuleOptions = {
  accounts: Pick<AccountServices, "records" | "subAccounts" | "history">;
  sessions: SessionService;
  personal: Pick<PersonalServices, "identity">;
  evidence: EvidenceService;
  audit: AuditTrail;
};

/**
 * The console's customer lookup (issue 13): it owns no table; accounts, sessions, verification and
 * evidence are read and changed through their modules' services.
 */
export async function customersModule(app: FastifyInstance, { accounts, sessions, personal, evidence, audit }: CustomersModuleOptions) {
  const customers = new CustomerService({
    accounts: accounts.records,
    subAccounts: accounts.subAccounts,
    history: accounts.history,
    sessions,
    identity: personal.identity,
    evidence,
    audit,
  });
  await app.register(customerRoutes, { customers });
}
