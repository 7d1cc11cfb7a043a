import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { customerRoutes } from "./customers.routes.js";
import { CustomerService } from "./customers.service.js";

/**
 * The console's customer lookup (issue 13): it owns no table; accounts, sessions, verification and
 * evidence are read and changed through their modules' services.
 */
export async function customersModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const { accounts, sessions, personal, evidence } = services;
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
