import type { FastifyInstance } from "fastify";
import { RECHARGE_ENDPOINTS, rechargeAmountFen } from "../../../src/schema/recharge.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { RechargeOrders } from "./recharge-orders.js";

export async function paymentRoutes(app: FastifyInstance, options: { orders: RechargeOrders }) {
  const { orders } = options;
  registerEndpoint(app, RECHARGE_ENDPOINTS.rechargeOptions, async () => ok(orders.options()));
  registerEndpoint(app, RECHARGE_ENDPOINTS.createRechargeOrder, async ({ amount, channel, returnPath }, request) =>
    // The schema accepted the amount, so it converts.
    ok(await orders.create(sessionUserId(request), rechargeAmountFen(amount)!, channel, returnPath)),
  );
  registerEndpoint(app, RECHARGE_ENDPOINTS.rechargeOrder, async ({ merchantOrderNo }, request) => ok(await orders.read(sessionUserId(request), merchantOrderNo)));
}
