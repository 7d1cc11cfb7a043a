import type { FastifyInstance } from "fastify";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { AccountSecurityService } from "./account-security.service.js";
import { sessionUserId } from "./route-helpers.js";

const LIMITED = { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } };

export async function accountSecurityRoutes(app: FastifyInstance, options: { security: AccountSecurityService }) {
  const { security } = options;

  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.bindMobile,
    async ({ mobile, vCode }, request) => ok({ userInfo: await security.bindContact(sessionUserId(request), "mobile", mobile, vCode) }),
    LIMITED,
  );
  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.bindEmail,
    async ({ mail, vCode }, request) => ok({ userInfo: await security.bindContact(sessionUserId(request), "email", mail, vCode) }),
    LIMITED,
  );

  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.changePassword,
    async (passwords, request) => {
      const result = await security.changePassword(sessionUserId(request), passwords, request.ip);
      // The caller's own session has just ended with the others; the new token stands in for it.
      request.session = null;
      return ok(result);
    },
    LIMITED,
  );

  registerEndpoint(app, PERSONAL_ENDPOINTS.setTwoStep, async ({ enabled }, request) => ok(await security.setTwoStep(sessionUserId(request), enabled)));

  registerEndpoint(
    app,
    PERSONAL_ENDPOINTS.cancelAccount,
    async (form, request) => {
      await security.cancel(sessionUserId(request), form);
      request.session = null;
      return ok(null);
    },
    LIMITED,
  );
}
