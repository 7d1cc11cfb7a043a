import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fenToYuanText } from "../../../src/schema/payment.js";
import { sendPage } from "../scan-login/dev-wx.routes.js";
import { CASHIER_ACTIONS, renderCashierPage, renderUnknownOrderPage, type CashierAction } from "./dev-cashier-page.js";
import type { DevelopmentCashier } from "./development-cashier.js";
import type { RechargeOrders } from "./recharge-orders.js";

export const DEV_CASHIER_PATHS = { page: "/dev/cashier", decide: "/dev/cashier/decide" } as const;

/** How late the "延迟通知" choice notifies, so the recharge page is seen waiting first. */
export const LATE_NOTIFICATION_MS = 3000;
/** How often the "重复通知" choice delivers the same news. */
export const DUPLICATE_DELIVERIES = 3;
/** How much more than the order the "金额不符" choice pays. */
export const OVERPAID_FEN = 100;

const DecideSchema = z.object({
  merchantOrderNo: z.string().max(64),
  action: z.enum(Object.keys(CASHIER_ACTIONS) as [CashierAction, ...CashierAction[]]),
});

/** The simulated cashier's page and the payer's decision (development providers only); not /webapi calls, like a provider's own pages. */
export async function devCashierRoutes(app: FastifyInstance, options: { cashier: DevelopmentCashier; orders: Pick<RechargeOrders, "closeHereOnly"> }) {
  const { cashier, orders } = options;

  app.get(DEV_CASHIER_PATHS.page, { schema: { hide: true } }, async (request, reply) => {
    const merchantOrderNo = String((request.query as Record<string, unknown>).merchantOrderNo ?? "");
    const attempt = await cashier.attempt(merchantOrderNo);
    if (!attempt) return sendPage(reply, 404, renderUnknownOrderPage);
    return sendPage(reply, 200, (nonce) =>
      renderCashierPage({
        merchantOrderNo,
        subject: attempt.request.subject,
        amountYuan: fenToYuanText(attempt.request.amountFen),
        decideUrl: DEV_CASHIER_PATHS.decide,
        nonce,
      }),
    );
  });

  app.post(DEV_CASHIER_PATHS.decide, { schema: { hide: true } }, async (request, reply) => {
    const body = DecideSchema.safeParse(request.body);
    const attempt = body.success ? await cashier.attempt(body.data.merchantOrderNo) : undefined;
    if (!body.success || !attempt) return reply.code(404).send({ message: "模拟收银台没有这笔订单" });
    const { merchantOrderNo, action } = body.data;
    const { returnUrl } = attempt.request;
    // Closed here by housekeeping (and so at the cashier): a real provider takes no money for it either.
    if (attempt.outcome === "closed") return reply.code(409).send({ message: "订单已关闭，模拟收银台不再收款" });
    if (action === "late") {
      // The payer returns at once; the news arrives later, as a slow provider's does.
      void cashier.decide(merchantOrderNo, "paid", { delayMs: LATE_NOTIFICATION_MS });
      return { returnUrl, deliveries: [] };
    }
    // The race a late payment is: our close happened, and the provider was not told before the payer paid.
    if (action === "afterClose") await orders.closeHereOnly(merchantOrderNo);
    const deliveries = await cashier.decide(merchantOrderNo, action === "failed" ? "failed" : "paid", {
      times: action === "duplicate" ? DUPLICATE_DELIVERIES : 1,
      ...(action === "otherAmount" ? { takenFen: attempt.request.amountFen + OVERPAID_FEN } : {}),
    });
    return { returnUrl, deliveries };
  });
}
