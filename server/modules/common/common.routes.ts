import type { FastifyInstance } from "fastify";
import { COMMON_ENDPOINTS } from "../../../src/schema/common.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { CommonService } from "./common.service.js";

export async function commonRoutes(app: FastifyInstance, options: { service: CommonService }) {
  const { service } = options;

  registerEndpoint(app, COMMON_ENDPOINTS.getTime, async () => ok(service.serverTime()));
  registerEndpoint(app, COMMON_ENDPOINTS.getDappList, async () => ok(null, { menuList: await service.listDapps() }));
}
