import type { FastifyInstance } from "fastify";
import { NOTARY_ENDPOINTS as ENDPOINTS } from "../../../src/schema/notary.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { DEVICE_COOKIE, rememberDevice, type KnownDevices } from "../account/known-device.js";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import type { ReplayGuard } from "../security/replay-guard.js";
import { notaryDeviceSubject, type NotaryService } from "./notary.service.js";

export async function notaryRoutes(
  app: FastifyInstance,
  options: { notary: NotaryService; devices: KnownDevices; refuseReplayedRequest: ReplayGuard; perMinute: number },
) {
  const { notary } = options;

  registerEndpoint(
    app,
    ENDPOINTS.login,
    async (body, request, reply) => {
      const result = await notary.login(body, { ip: request.ip, captchaId: request.cookies[CAPTCHA_COOKIE], deviceCookie: request.cookies[DEVICE_COOKIE] });
      rememberDevice(options.devices, request, reply, notaryDeviceSubject(result.notaryUser.id));
      return ok(result);
    },
    // Per address, like users' logins: a notary office behind one NAT address may need a higher limit.
    { config: { rateLimit: { max: options.perMinute, timeWindow: "1 minute" } }, preHandler: options.refuseReplayedRequest },
  );

  registerEndpoint(app, ENDPOINTS.logout, async (_body, request) => {
    await notary.logout(request.session!);
    // The session just ended must not be refreshed by the success below.
    request.session = null;
    return ok(null);
  });

  registerEndpoint(app, ENDPOINTS.getNotaryInfo, async (_query, request) => ok({ notaryUser: await notary.getInfo(request.session!) }));
}
