import type { FastifyInstance } from "fastify";
import { OPERATOR_ENDPOINTS as ENDPOINTS } from "../../../../src/schema/console/operators.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { ReplayGuard } from "../../security/replay-guard.js";
import type { OperatorManagement } from "./operator-management.service.js";

/** The operators page; the permission check has run and set `request.operator` before each handler. */
export async function operatorsRoutes(app: FastifyInstance, { management, refuseReplayedRequest }: { management: OperatorManagement; refuseReplayedRequest: ReplayGuard }) {
  registerEndpoint(app, ENDPOINTS.list, async (query) => ok(await management.list(query)));
  registerEndpoint(app, ENDPOINTS.one, async ({ id }) => ok(await management.one(id)));
  // It carries an encrypted password: a captured request must not create the operator twice.
  registerEndpoint(app, ENDPOINTS.create, async (body, request) => ok(await management.create(request.operator!, body)), { preHandler: refuseReplayedRequest });
  registerEndpoint(app, ENDPOINTS.update, async (body, request) => ok(await management.update(request.operator!, body)));
  registerEndpoint(app, ENDPOINTS.disable, async ({ id, reason }, request) => ok(await management.disable(request.operator!, id, reason)));
  registerEndpoint(app, ENDPOINTS.enable, async ({ id, reason }, request) => ok(await management.enable(request.operator!, id, reason)));
  registerEndpoint(app, ENDPOINTS.resetSecondFactor, async ({ id, reason }, request) => ok(await management.resetSecondFactor(request.operator!, id, reason)));
}
