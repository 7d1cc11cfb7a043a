import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { paymentsConsoleRoutes } from "./payments-console.routes.js";
import { PaymentsConsoleService } from "./payments-console.service.js";

/** The console's payment orders and refunds (issue 14): owns no table; reads and retries through the payment module. */
export async function paymentsConsoleModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const { payment, accounts } = services;
  const payments = new PaymentsConsoleService({ records: payment.records, refunds: payment.refunds, accounts: accounts.records, audit });
  await app.register(paymentsConsoleRoutes, { payments });
}
