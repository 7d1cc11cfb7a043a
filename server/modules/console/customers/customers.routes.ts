import type { FastifyInstance } from "fastify";
import { CUSTOMER_ENDPOINTS as ENDPOINTS } from "../../../../src/schema/console/customers.js";
import { CUSTOMER_LAWYER_ENDPOINTS as LAWYER_ENDPOINTS } from "../../../../src/schema/console/lawyers.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { CustomerLawyerService } from "./customer-lawyers.service.js";
import type { CustomerService } from "./customers.service.js";

/** The console's customer calls; each endpoint's permission is checked before these handlers run. */
export async function customerRoutes(app: FastifyInstance, { customers, customerLawyers }: { customers: CustomerService; customerLawyers: CustomerLawyerService }) {
  registerEndpoint(app, ENDPOINTS.search, async (query) => ok(await customers.search(query)));
  registerEndpoint(app, ENDPOINTS.detail, async ({ id }) => ok(await customers.detail(id)));
  registerEndpoint(app, ENDPOINTS.endSession, async ({ id, sessionRef }, request) => ok(await customers.endSession(request.operator!, id, sessionRef)));
  registerEndpoint(app, ENDPOINTS.endAllSessions, async ({ id }, request) => ok(await customers.endAllSessions(request.operator!, id)));
  registerEndpoint(app, ENDPOINTS.disable, async ({ id, reason }, request) => ok(await customers.disable(request.operator!, id, reason)));
  registerEndpoint(app, ENDPOINTS.enable, async ({ id, reason }, request) => ok(await customers.enable(request.operator!, id, reason)));
  registerEndpoint(app, LAWYER_ENDPOINTS.detail, async ({ id }) => ok(await customerLawyers.detail(id)));
  registerEndpoint(app, LAWYER_ENDPOINTS.mark, async ({ id, ...form }, request) => ok(await customerLawyers.mark(request.operator!, id, form)));
  registerEndpoint(app, LAWYER_ENDPOINTS.unmark, async ({ id, reason }, request) => ok(await customerLawyers.unmark(request.operator!, id, reason)));
}
