import type { FastifyInstance } from "fastify";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { BusinessError, ok } from "../../http/envelope.js";
import type { SessionService } from "./session.service.js";

export async function sessionRoutes(app: FastifyInstance, options: { sessions: SessionService }) {
  registerEndpoint(app, ACCOUNT_ENDPOINTS.logout, async ({ id }, request) => {
    const session = request.session!;
    if (String(id) !== session.subjectId) {
      throw new BusinessError(ResultCode.validationFailed, "退出失败：用户信息与当前登录不一致", {
        errors: { id: "用户信息与当前登录不一致" },
      });
    }
    await options.sessions.end(session, "logout");
    // The session just ended must not be refreshed by the success below.
    request.session = null;
    return ok(null);
  });
}
