import type { FastifyInstance } from "fastify";
import { BILLING_ENDPOINTS } from "../../../src/schema/billing.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { requireOwnUid } from "../personal/route-helpers.js";
import type { BillingService } from "./billing.service.js";

export async function billingRoutes(app: FastifyInstance, options: { billing: BillingService }) {
  const { billing } = options;

  registerEndpoint(app, BILLING_ENDPOINTS.getBalance, async ({ uid }, request) => ok(await billing.getBalance(requireOwnUid(request, uid))));

  // Returned, not thrown: the answer is a code, and a 200 refreshes the session like any successful call.
  registerEndpoint(app, BILLING_ENDPOINTS.accountStatus, async ({ uid, productCode }, request) => ({
    ...(await billing.accountStatus(requireOwnUid(request, uid), productCode)),
    datas: null,
  }));
}
