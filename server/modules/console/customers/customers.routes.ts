import type { FastifyInstance } from "fastify";
import { CUSTOMER_ENDPOINTS as ENDPOINTS } from "../../../../src/schema/console/customers.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { CustomerService } from "./customers.service.js";

/** The console's customer calls; each endpoint's permission is checked before these handlers run. */
export async function customerRoutes(app: FastifyInstance, { customers }: { customers: CustomerService }) {
  registerEndpoint(app, ENDPOINTS.search, async (query) => ok(await customers.search(query)));
  registerEndpoint(app, ENDPOINTS.detail, async ({ id }) => ok(await customers.detail(id)));
  registerEndpoint(app, ENDPOINTS.endSession, async ({ id, sessionRef }, request) => ok(await customers.endSession(request.operator!, id, sessionRef)));
  registerEndpoint(app, ENDPOINTS.endAllSessions, async ({ id }, request) => ok(await customers.endAllSessions(request.operator!, id)));
  registerEndpoint(app, ENDPOINTS.disable, async ({ id, reason }, request) => ok(await customers.disable(request.operator!, id, reason)));
  registerEndpoint(app, ENDPOINTS.enable, async ({ id, reason }, request) => ok(await customers.enable(request.operator!, id, reason)));
}
