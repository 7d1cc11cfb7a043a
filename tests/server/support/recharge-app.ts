import { createServer } from "node:net";
import type { DevelopmentCashier } from "../../../server/modules/payment/development-cashier.js";
import { DEV_CASHIER_PATHS } from "../../../server/modules/payment/dev-cashier.routes.js";
import { PAYMENT_NOTIFY_PATH_PREFIX, RECHARGE_ORDER_LIFETIME_MS } from "../../../server/modules/payment/recharge-orders.js";
import { registryPath } from "../../../src/resources/registry-paths.js";
import { RECHARGE_ENDPOINTS } from "../../../src/schema/recharge.js";
import type { RegisteredUser } from "./personal-users.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * A test app listening on a free local port with the development cashier, so the cashier really
 * posts its notifications to our callback route, and the calls a recharge test makes on it.
 */

/** The page that paid, as the browser names it: the registry's route of onlineCharge. */
export const RETURN_PATH = registryPath("personal/expenseCenter", "onlineCharge");
export const NOTIFY_PATH = `${PAYMENT_NOTIFY_PATH_PREFIX}development`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRechargeApp(): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({ seedDemo: false, env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } });
  await t.app.listen({ port, host: "127.0.0.1" });
  return t;
}

export function rechargeCalls(t: TestApp) {
  const cashier = () => t.app.services.payment.cashier as DevelopmentCashier;
  const db = () => t.database.handle.db;
  return {
    cashier,
    async createOrder(user: RegisteredUser, amount = "100") {
      const answer = (await t.call(RECHARGE_ENDPOINTS.createRechargeOrder, { amount, channel: "development", returnPath: RETURN_PATH }, { token: user.token })).json();
      if (answer.code !== 200) throw new Error(`could not create a recharge order: ${JSON.stringify(answer)}`);
      return answer.datas as { merchantOrderNo: string; payment: { kind: "redirect"; url: string } };
    },
    readOrder: async (user: RegisteredUser, merchantOrderNo: string) =>
      (await t.call(RECHARGE_ENDPOINTS.rechargeOrder, { merchantOrderNo }, { token: user.token })).json().datas,
    /** The payer's choice on the simulated cashier page. */
    decide: (merchantOrderNo: string, action: string) => t.app.inject({ method: "POST", url: DEV_CASHIER_PATHS.decide, payload: { merchantOrderNo, action } }),
    postNotification: (notification: { headers: Record<string, string>; rawBody: string }) =>
      t.app.inject({ method: "POST", url: NOTIFY_PATH, headers: notification.headers, payload: notification.rawBody }),
    notificationsOf: (merchantOrderNo: string) => db().selectFrom("payment_notifications").select("outcome").where("merchant_order_no", "=", merchantOrderNo).execute(),
    orderRow: (merchantOrderNo: string) => db().selectFrom("payment_orders").selectAll().where("merchant_order_no", "=", merchantOrderNo).executeTakeFirstOrThrow(),
    /** Made long ago rather than moving the clock, which would end the user's 30-minute session. */
    makeStale: (merchantOrderNo: string) =>
      db().updateTable("payment_orders").set({ created_at: t.clock.now() - RECHARGE_ORDER_LIFETIME_MS - 1 }).where("merchant_order_no", "=", merchantOrderNo).execute(),
  };
}
