import type { FastifyInstance, FastifyRequest } from "fastify";
import { OPERATOR_AUTH_ENDPOINTS as ENDPOINTS, type OperatorSession } from "../../../../src/schema/console/operator-auth.js";
import { registerEndpoint, type EndpointHandler } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import { DEVICE_COOKIE, rememberDevice, type KnownDevices } from "../../account/known-device.js";
import type { LoginClient } from "../../account/login.service.js";
import { CAPTCHA_COOKIE } from "../../security/captcha.service.js";
import type { ReplayGuard } from "../../security/replay-guard.js";
import type { ActiveSession, SessionService } from "../../session/session.service.js";
import { operatorDeviceSubject, type OperatorLoginService } from "./operator-login.service.js";
import type { SecondFactorService } from "./second-factor.service.js";

export type OperatorAuthRouteOptions = {
  login: OperatorLoginService;
  secondFactor: SecondFactorService;
  sessions: SessionService;
  devices: KnownDevices;
  refuseReplayedRequest: ReplayGuard;
  perMinute: number;
};

const clientOf = (request: FastifyRequest): LoginClient => ({
  ip: request.ip,
  captchaId: request.cookies[CAPTCHA_COOKIE],
  deviceCookie: request.cookies[DEVICE_COOKIE],
});

/** The console's sign-in: password, then the second factor, then the operator session (operator-auth.ts). */
export async function operatorAuthRoutes(app: FastifyInstance, options: OperatorAuthRouteOptions) {
  const { login, secondFactor, sessions, devices } = options;
  const perAddress = { config: { rateLimit: { max: options.perMinute, timeWindow: "1 minute" } } };

  registerEndpoint(app, ENDPOINTS.login, async (body, request) => ok(await login.login(body, clientOf(request))), {
    ...perAddress,
    preHandler: options.refuseReplayedRequest,
  });

  registerEndpoint(app, ENDPOINTS.totpEnrolment, async (_body, request) => ok(await secondFactor.beginEnrolment(request.session!)), perAddress);

  // Both answer a new operator session and end the pending one, which must then not be refreshed;
  // the browser becomes a known device of the operator (password throttling, known-device.ts).
  const exchange = (run: (session: ActiveSession, code: string, client: LoginClient) => Promise<OperatorSession>): EndpointHandler<typeof ENDPOINTS.verifySecondFactor> =>
    async ({ code }, request, reply) => {
      const result = await run(request.session!, code, clientOf(request));
      request.session = null;
      rememberDevice(devices, request, reply, operatorDeviceSubject(result.operator.id));
      return ok(result);
    };
  registerEndpoint(app, ENDPOINTS.confirmTotp, exchange((session, code, client) => secondFactor.confirmEnrolment(session, code, client)), perAddress);
  registerEndpoint(app, ENDPOINTS.verifySecondFactor, exchange((session, code, client) => secondFactor.verify(session, code, client)), perAddress);

  registerEndpoint(app, ENDPOINTS.me, async (_query, request) => ok(request.operator!));

  registerEndpoint(app, ENDPOINTS.logout, async (_body, request) => {
    await sessions.end(request.session!, "logout");
    request.session = null;
    return ok(null);
  });
}
