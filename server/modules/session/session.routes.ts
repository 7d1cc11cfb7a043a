import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError, ok } from "../../http/envelope.js";
import { signedBody, signedPostQuery, successResponse } from "../../http/route-schema.js";
import type { SessionService } from "./session.service.js";

export async function sessionRoutes(app: FastifyInstance, options: { sessions: SessionService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    "/webapi/user/v2/logout",
    {
      schema: {
        tags: ["账号"],
        summary: "退出登录：结束当前会话",
        querystring: signedPostQuery(),
        body: signedBody({ id: z.union([z.string(), z.number()]).describe("当前用户 id") }),
        response: successResponse(z.null()),
      },
      config: { session: "user" },
    },
    async (request) => {
      const session = request.session!;
      if (String(request.body.id) !== session.subjectId) {
        throw new BusinessError(ResultCode.validationFailed, "退出失败：用户信息与当前登录不一致", {
          errors: { id: "用户信息与当前登录不一致" },
        });
      }
      await options.sessions.end(session, "logout");
      // The session just ended must not be refreshed by the success below.
      request.session = null;
      return ok(null);
    },
  );
}
