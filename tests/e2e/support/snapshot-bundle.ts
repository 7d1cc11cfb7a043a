import { randomUUID } from "node:crypto";
import { registryPath } from "../../../src/resources/registry-paths.js";
import { PURCHASE_ENDPOINTS } from "../../../src/schema/purchase.js";
import { RECHARGE_ENDPOINTS } from "../../../src/schema/recharge.js";
import { call, expectSuccess, type LoginResult } from "./api-accounts.js";

/** The development cashier's decision path (server/modules/payment/dev-cashier.routes.ts): a provider's own page, not a /webapi call. */
const CASHIER_DECIDE_PATH = "/dev/cashier/decide";

/**
 * Gives a customer snapshots to capture with, the way a customer gets them: recharges through the
 * development cashier (paid), waits for the balance, then buys a notarisation bundle of 10
 * snapshots from it. Over real HTTP, so a capture journey starts where a paying customer stands.
 */
export function buySnapshotBundle(baseUrl: string, session: LoginResult): Promise<void> {
  return rechargeAndBuy(baseUrl, session, "bundle-10", 1);
}

/** The same way to any product: recharged through the development cashier, then bought from the balance (30002 for recordings). */
export async function rechargeAndBuy(baseUrl: string, session: LoginResult, productCode: string, quantity = 1): Promise<void> {
  await recharge(baseUrl, session, "3000");
  expectSuccess(
    "bundle purchase",
    (await call(baseUrl, PURCHASE_ENDPOINTS.purchase, { uid: session.loginUser.id, productCode, quantity, attemptId: randomUUID(), token: session.token })).body,
  );
}

/**
 * Money on the balance the way a customer puts it there: the development cashier pays a recharge
 * order, and the balance is credited. Any process behind a balancer may take each request: the
 * cashier's orders are in the database.
 */
export async function recharge(baseUrl: string, session: LoginResult, yuan = "3000"): Promise<void> {
  const { token } = session;
  const order = expectSuccess(
    "recharge order",
    (await call(baseUrl, RECHARGE_ENDPOINTS.createRechargeOrder, { amount: yuan, channel: "development", returnPath: registryPath("personal/expenseCenter", "onlineCharge"), token })).body,
  );
  const decided = await fetch(`${baseUrl}${CASHIER_DECIDE_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ merchantOrderNo: order.merchantOrderNo, action: "paid" }),
  });
  if (!decided.ok) throw new Error(`the development cashier refused the payment: ${decided.status} ${await decided.text()}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = expectSuccess("recharge order state", (await call(baseUrl, RECHARGE_ENDPOINTS.rechargeOrder, { merchantOrderNo: order.merchantOrderNo, token })).body);
    if (state.state === "paid") break;
    if (Date.now() > deadline) throw new Error(`the recharge was not credited: ${state.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
