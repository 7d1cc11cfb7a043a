import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ACCOUNT_ENDPOINTS as ENDPOINTS, SecondStepSchema } from "../../../src/schema/account.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok, sendEnvelope } from "../../http/envelope.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import { rememberDevice, type KnownDevices } from "./known-device.js";
import { loginClientOf as clientOf } from "./login-client.js";
import { userDeviceSubject, type LoginOutcome, type LoginService } from "./login.service.js";

export async function loginRoutes(
  app: FastifyInstance,
  options: { login: LoginService; devices: KnownDevices; refuseReplayedRequest: ReplayGuard; perMinute: number },
) {
  const config = { rateLimit: { max: options.perMinute, timeWindow: "1 minute" } };
  const { login, devices } = options;
  const preHandler = options.refuseReplayedRequest;
  /** A session started: this browser becomes a known device of the account (login-throttle.ts). */
  const answer = (request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) => {
    if (outcome.code === 200) rememberDevice(devices, request, reply, userDeviceSubject(outcome.datas.loginUser.id));
    return answerOutcome(reply, outcome);
  };

  registerEndpoint(app, ENDPOINTS.loginV2, async (query, request, reply) => answer(request, reply, await login.login(query, clientOf(request))), {
    config,
    preHandler,
  });

  registerEndpoint(
    app,
    ENDPOINTS.delaysUpdatePwd,
    async (query, request, reply) => answer(request, reply, await login.loginPostponingPasswordUpdate(query, clientOf(request))),
    { config, preHandler },
  );

  registerEndpoint(
    app,
    ENDPOINTS.sendLoginVerifyCode,
    async ({ challengeId }, request) => {
      await login.sendSecondStepCode(challengeId, request.ip);
      return ok(null);
    },
    { config },
  );

  registerEndpoint(
    app,
    ENDPOINTS.loginVerify,
    async ({ challengeId, vCode }, request, reply) => {
      const result = await login.completeSecondStep(challengeId, vCode, clientOf(request));
      rememberDevice(devices, request, reply, userDeviceSubject(result.loginUser.id));
      return ok(result);
    },
    { config, preHandler },
  );
}

function answerOutcome(reply: FastifyReply, outcome: LoginOutcome) {
  if (outcome.code === 200) return ok(outcome.datas);
  const datas = "datas" in outcome ? SecondStepSchema.parse(outcome.datas) : null;
  return sendEnvelope(reply, 200, { code: outcome.code, message: outcome.message, datas });
}
