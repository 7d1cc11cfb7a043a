import type { FastifyInstance } from "fastify";
import { PAYMENT_CONSOLE_ENDPOINTS as ENDPOINTS } from "../../../../src/schema/console/payments.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { PaymentsConsoleService } from "./payments-console.service.js";

/** The console's finance calls; each endpoint's permission (finance.manage) is checked before these handlers run. */
export async function paymentsConsoleRoutes(app: FastifyInstance, { payments }: { payments: PaymentsConsoleService }) {
  registerEndpoint(app, ENDPOINTS.orders, async (query) => ok(await payments.orders(query)));
  registerEndpoint(app, ENDPOINTS.refunds, async (query) => ok(await payments.refunds(query)));
  registerEndpoint(app, ENDPOINTS.retryRefund, async ({ id }, request) => ok(await payments.retryRefund(request.operator!, id)));
}
