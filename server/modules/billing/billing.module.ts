import type { FastifyInstance } from "fastify";
import type { AccountRecords } from "../account/account-records.service.js";
import { publish, type ModuleContext } from "../module.js";
import { BillingRepository } from "./billing.repository.js";
import { billingRoutes } from "./billing.routes.js";
import { BillingService } from "./billing.service.js";

export type BillingModuleOptions = ModuleContext & { accounts: Pick<AccountRecords, "findUser"> };

/** The account's money and what it may use; its repository is published so that tests (and, later, the payment module) can set balances. */
export async function billingModule(app: FastifyInstance, { db, accounts }: BillingModuleOptions) {
  const balances = new BillingRepository(db);
  const { billing } = publish(app, "billing", { accounts: balances, billing: new BillingService({ accounts: balances, users: accounts }) });
  await app.register(billingRoutes, { billing });
}

export type BillingServices = { accounts: BillingRepository; billing: BillingService };
