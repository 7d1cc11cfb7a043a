import type { FastifyInstance, FastifyRequest } from "fastify";
import { SCAN_LOGIN_ENDPOINTS as ENDPOINTS, ScanLoginCode } from "../../../src/schema/scan-login.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok, sendEnvelope } from "../../http/envelope.js";
import { loginClientOf } from "../account/login-client.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import type { AccountBindingService } from "./account-binding.service.js";
import { ownOrigin } from "./redirect-target.js";
import type { ScanLoginService } from "./scan-login.service.js";

const QR_RATE_LIMIT = { max: 30, timeWindow: "1 minute" };
const callerId = (request: FastifyRequest) => Number(request.session!.subjectId);

export type ScanLoginRouteOptions = {
  scanLogin: ScanLoginService;
  binding: AccountBindingService;
  refuseReplayedRequest: ReplayGuard;
  loginRateLimitPerMinute: number;
};

export async function scanLoginRoutes(app: FastifyInstance, options: ScanLoginRouteOptions) {
  const { scanLogin, binding } = options;
  const loginRateLimit = { max: options.loginRateLimitPerMinute, timeWindow: "1 minute" };

  registerEndpoint(
    app,
    ENDPOINTS.getWebWxQrUrl,
    async ({ redirectUrl }, request) => ok({ qrCodeUrl: await scanLogin.createQrUrl({ redirectUrl, origin: ownOrigin(request), purpose: "login", userId: null }) }),
    { config: { rateLimit: QR_RATE_LIMIT } },
  );

  registerEndpoint(
    app,
    ENDPOINTS.callback,
    async ({ code, state }, request, reply) => {
      const outcome = await scanLogin.callback(code, state, loginClientOf(request));
      if (outcome.kind === "loggedIn") return ok({ loginResult: outcome.result, token: outcome.result.token });
      return sendEnvelope(reply, 200, {
        code: ScanLoginCode.bindRequired,
        message: "该微信尚未绑定平台账号，请绑定已有账号或用手机号验证码注册",
        datas: { oauthUserId: outcome.oauthUserId },
      });
    },
    { config: { rateLimit: loginRateLimit } },
  );

  registerEndpoint(
    app,
    ENDPOINTS.webBindAccountByAuth,
    async (query, request) => ok(await binding.bind(query, loginClientOf(request))),
    { config: { rateLimit: loginRateLimit }, preHandler: options.refuseReplayedRequest },
  );

  registerEndpoint(
    app,
    ENDPOINTS.getBindQrUrl,
    async ({ redirectUrl }, request) =>
      ok({ qrCodeUrl: await scanLogin.createQrUrl({ redirectUrl, origin: ownOrigin(request), purpose: "bind", userId: callerId(request) }) }),
    { config: { rateLimit: QR_RATE_LIMIT } },
  );

  registerEndpoint(app, ENDPOINTS.bindCurrentAccount, async ({ code, state }, request) => ok({ loginUser: await scanLogin.bindCurrentAccount(callerId(request), code, state) }));

  registerEndpoint(app, ENDPOINTS.unbind, async (_body, request) => ok({ loginUser: await scanLogin.unbind(callerId(request)) }));

  registerEndpoint(app, ENDPOINTS.bindState, async (_query, request) => ok(await scanLogin.bindState(callerId(request))));
}
