import type { FastifyInstance, FastifyRequest } from "fastify";
import { CHILD_ACCOUNT_ENDPOINTS as ENDPOINTS } from "../../../src/schema/child-account.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { ChildAccountService } from "./child-account.service.js";

const callerId = (request: FastifyRequest) => Number(request.session!.subjectId);

export async function childAccountRoutes(app: FastifyInstance, options: { children: ChildAccountService }) {
  const { children } = options;

  registerEndpoint(app, ENDPOINTS.list, async ({ pageNumber, pageSize, keyword, status }, request) =>
    ok(await children.list(callerId(request), { keyword: keyword || undefined, status }, pageNumber, pageSize)),
  );
  registerEndpoint(app, ENDPOINTS.detail, async ({ id }, request) => ok(await children.detail(callerId(request), id)));
  registerEndpoint(app, ENDPOINTS.create, async (body, request) => ok(await children.create(callerId(request), body)), {
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
  });
  registerEndpoint(app, ENDPOINTS.update, async ({ id, name }, request) => ok(await children.rename(callerId(request), id, name)));
  registerEndpoint(app, ENDPOINTS.disable, async ({ id }, request) => ok(await children.disable(callerId(request), id)));
  registerEndpoint(app, ENDPOINTS.enable, async ({ id }, request) => ok(await children.enable(callerId(request), id)));
}
