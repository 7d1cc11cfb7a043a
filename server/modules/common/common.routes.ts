import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DappListExtraSchema, ServerTimeSchema } from "../../../src/schema/common.js";
import { ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import type { CommonService } from "./common.service.js";

export async function commonRoutes(app: FastifyInstance, options: { service: CommonService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  routes.get(
    "/webapi/common/v2/getTime",
    {
      schema: {
        tags: ["公共"],
        summary: "服务器时间（毫秒），首页时钟据此校准",
        querystring: signedQuery(),
        response: successResponse(ServerTimeSchema),
      },
    },
    async () => ok(service.serverTime()),
  );

  routes.get(
    "/webapi/common/v2/getDappList",
    {
      schema: {
        tags: ["公共"],
        summary: "相关应用列表（按类别 1-4，display = 1 时显示）",
        querystring: signedQuery(),
        response: successResponse(z.null(), DappListExtraSchema),
      },
    },
    async () => ok(null, { menuList: await service.listDapps() }),
  );
}
