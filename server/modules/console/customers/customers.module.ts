import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { CustomerLawyerService } from "./customer-lawyers.service.js";
import { customerRoutes } from "./customers.routes.js";
import { CustomerService } from "./customers.service.js";

/**
 * The console's customer lookup (issue 13): it owns no table; accounts, sessions, verification,
 * evidence and the lawyer mark (issue 17) are read and changed through their modules' services.
 */
export async function customersModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const { accounts, sessions, personal, evidence, lawyers } = services;
  const customers = new CustomerService({
    accounts: accounts.records,
    subAccounts: accounts.subAccounts,
    history: accounts.history,
    sessions,
    identity: personal.identity,
    evidence,
    audit,
  });
  const customerLawyers = new CustomerLawyerService({ accounts: accounts.records, lawyers: lawyers.lawyers, audit });
  await app.register(customerRoutes, { customers, customerLawyers });
}
