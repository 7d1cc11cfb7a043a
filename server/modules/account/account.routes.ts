import type { FastifyInstance } from "fastify";
import { ACCOUNT_ENDPOINTS as ENDPOINTS } from "../../../src/schema/account.js";
import { ResultCode, ResultMessage } from "../../../src/schema/envelope.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { failure, ok, sendEnvelope } from "../../http/envelope.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import type { AccountService } from "./account.service.js";
import { loginClientOf } from "./login-client.js";

const SEND_CODE_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

export async function accountRoutes(app: FastifyInstance, options: { accounts: AccountService; refuseReplayedRequest: ReplayGuard }) {
  const { accounts, refuseReplayedRequest } = options;

  registerEndpoint(
    app,
    ENDPOINTS.checkAccount,
    async ({ account }, _request, reply) => {
      const { code, message } = await accounts.checkAccount(account);
      return sendEnvelope(reply, 200, failure(code, message));
    },
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
  );

  // The phone and e-mail twins share one budget per address, so alternating them gains nothing.
  const sendCodeLimit = app.rateLimit({ ...SEND_CODE_RATE_LIMIT, groupId: "send-verification-code" });
  for (const [target, channel] of [
    [ENDPOINTS.sendPhoneVCode, "mobile"],
    [ENDPOINTS.sendEmailVCode, "email"],
  ] as const) {
    registerEndpoint(
      app,
      target,
      async ({ account, type }, request) => {
        const userId = request.session ? Number(request.session.subjectId) : undefined;
        await accounts.sendCode(account, type, channel, request.ip, userId);
        return ok(null);
      },
      { onRequest: sendCodeLimit },
    );
  }

  registerEndpoint(app, ENDPOINTS.register, async (body, request) => ok(await accounts.register(body, loginClientOf(request))), {
    config: { rateLimit: SEND_CODE_RATE_LIMIT },
    preHandler: refuseReplayedRequest,
  });

  registerEndpoint(
    app,
    ENDPOINTS.resetPassword,
    async (body) => {
      await accounts.resetPassword(body);
      return ok(null);
    },
    { config: { rateLimit: SEND_CODE_RATE_LIMIT }, preHandler: refuseReplayedRequest },
  );

  registerEndpoint(app, ENDPOINTS.setPassword, async ({ encryptPassword }, request) => {
    await accounts.setFirstPassword(Number(request.session!.subjectId), encryptPassword);
    return ok(null);
  });

  registerEndpoint(app, ENDPOINTS.getUserInfo, async ({ userId }, request, reply) => {
    if (String(userId) !== request.session!.subjectId) {
      return sendEnvelope(reply, 200, failure(ResultCode.sessionMissing, ResultMessage[ResultCode.sessionMissing]));
    }
    return ok({ userInfo: await accounts.getUserInfo(userId) });
  });
}
