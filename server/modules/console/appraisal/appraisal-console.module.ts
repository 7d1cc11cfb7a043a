import type { FastifyInstance } from "fastify";
import { INSTITUTION_ENDPOINTS as ENDPOINTS } from "../../../../src/schema/console/appraisal-institutions.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import type { ConsoleConcernOptions } from "../console.module.js";
import { AppraisalConsoleService } from "./appraisal-console.service.js";

/** The console's appraisal institutions and their experts (issue 17); each endpoint's permission is checked before these handlers run. */
export async function appraisalConsoleModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const institutions = new AppraisalConsoleService({ institutions: services.judicialExpert.institutions, accounts: services.accounts.records, audit });
  registerEndpoint(app, ENDPOINTS.list, async (query) => ok(await institutions.list(query)));
  registerEndpoint(app, ENDPOINTS.one, async ({ id }) => ok(await institutions.detail(id)));
  registerEndpoint(app, ENDPOINTS.create, async (form, request) => ok(await institutions.create(request.operator!, form)));
  registerEndpoint(app, ENDPOINTS.update, async ({ id, ...form }, request) => ok(await institutions.update(request.operator!, id, form)));
  registerEndpoint(app, ENDPOINTS.addExpert, async ({ institutionId, ...expert }, request) => ok(await institutions.addExpert(request.operator!, institutionId, expert)));
  registerEndpoint(app, ENDPOINTS.removeExpert, async ({ institutionId, userId }, request) => ok(await institutions.removeExpert(request.operator!, institutionId, userId)));
}
