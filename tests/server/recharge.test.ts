import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RECHARGE_ENDPOINTS, MAX_RECHARGE_FEN } from "../../src/schema/recharge.js";
import { CASHIER_SIGNATURE_HEADER, type DevelopmentCashier } from "../../server/modules/payment/development-cashier.js";
import { DEV_CASHIER_PATHS } from "../../server/modules/payment/dev-cashier.routes.js";
import { PAYMENT_NOTIFY_PATH_PREFIX, RECHARGE_ORDER_LIFETIME_MS } from "../../server/modules/payment/recharge-orders.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { registryPath } from "../../src/resources/registry-paths.js";

/** The page that paid, as the browser names it: the registry's route of onlineCharge. */
const RETURN_PATH = registryPath("personal/expenseCenter", "onlineCharge");

let t: TestApp;
let nextMobile = 13800000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const cashier = () => t.app.services.payment.cashier as DevelopmentCashier;
const notifyPath = `${PAYMENT_NOTIFY_PATH_PREFIX}development`;

/** A free port to listen on, so the development cashier really posts its notification to our callback route. */
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

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ seedDemo: false, env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } });
  await t.app.listen({ port, host: "127.0.0.1" });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

async function createOrder(user: RegisteredUser, amount = "100") {
  const answer = (await t.call(RECHARGE_ENDPOINTS.createRechargeOrder, { amount, channel: "development", returnPath: RETURN_PATH }, { token: user.token })).json();
  expect(answer.code).toBe(200);
  return answer.datas as { merchantOrderNo: string; payment: { kind: "redirect"; url: string } };
}
const readOrder = async (user: RegisteredUser, merchantOrderNo: string) =>
  (await t.call(RECHARGE_ENDPOINTS.rechargeOrder, { merchantOrderNo }, { token: user.token })).json().datas;
const decide = (merchantOrderNo: string, action: string) =>
  t.app.inject({ method: "POST", url: DEV_CASHIER_PATHS.decide, payload: { merchantOrderNo, action } });
const postNotification = (notification: { headers: Record<string, string>; rawBody: string }) =>
  t.app.inject({ method: "POST", url: notifyPath, headers: notification.headers, payload: notification.rawBody });
const notificationsOf = (merchantOrderNo: string) =>
  t.database.handle.db.selectFrom("payment_notifications").select("outcome").where("merchant_order_no", "=", merchantOrderNo).execute();

describe("recharge options and orders", () => {
  it("offers the development cashier's channel, the amount choices and the limits", async () => {
    const user = await newCustomer();
    const answer = (await t.call(RECHARGE_ENDPOINTS.rechargeOptions, {}, { token: user.token })).json();
    expect(answer.datas).toEqual({
      channels: [{ key: "development", label: "模拟支付（开发环境）" }],
      amountChoicesFen: [10_000, 50_000, 100_000, 500_000],
      minFen: 100,
      maxFen: MAX_RECHARGE_FEN,
    });
  });

  it("refuses amounts outside 1-50,000 元 or finer than a fen, and a channel not configured, creating nothing", async () => {
    const user = await newCustomer();
    for (const amount of ["0.99", "50000.01", "1.001", "-5", "abc", ""]) {
      const answer = (await t.call(RECHARGE_ENDPOINTS.createRechargeOrder, { amount, channel: "development", returnPath: RETURN_PATH }, { token: user.token })).json();
      expect(answer.code, amount).toBe(1001);
      expect(answer.message).toContain("充值金额须在 1 至 50,000 元之间");
    }
    const alipay = (await t.call(RECHARGE_ENDPOINTS.createRechargeOrder, { amount: "100", channel: "alipay", returnPath: RETURN_PATH }, { token: user.token })).json();
    expect(alipay.code).toBe(1001);
    expect(alipay.message).toBe("该支付方式暂未开通，请选择其他支付方式");
    const orders = await t.database.handle.db.selectFrom("payment_orders").select("id").where("user_id", "=", user.id).execute();
    expect(orders).toEqual([]);
  });

  it("shows an order only to its own account", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const { merchantOrderNo } = await createOrder(owner);
    const answer = (await t.call(RECHARGE_ENDPOINTS.rechargeOrder, { merchantOrderNo }, { token: stranger.token })).json();
    expect(answer.code).toBe(404);
    expect(answer.message).toBe("充值订单不存在");
  });
});

describe("sub-accounts", () => {
  it("a sub-account's recharge credits its main account, which sees the order; another sub-account does not", async () => {
    const owner = await newCustomer();
    const { encryptPassword } = await encryptorFor(t);
    const child = async (account: string) => {
      const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "财务", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() })).json();
      expect(created.code).toBe(200);
      return created.datas.id as number;
    };
    const payer = await child(String(nextMobile++));
    const other = await child(String(nextMobile++));
    const orders = t.app.services.payment.orders;
    const { merchantOrderNo } = await orders.create(payer, 20_000, "development", RETURN_PATH);
    const row = await t.database.handle.db.selectFrom("payment_orders").select(["user_id", "sub_account_id"]).where("merchant_order_no", "=", merchantOrderNo).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: owner.id, sub_account_id: payer });
    await decide(merchantOrderNo, "paid");
    expect(await orders.read(payer, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 20_000 });
    expect(await readOrder(owner, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 20_000 });
    await expect(orders.read(other, merchantOrderNo)).rejects.toThrow("充值订单不存在");
  });
});

describe("a full recharge through the development cashier", () => {
  it("pays on the simulated cashier page, which notifies the real callback, and credits the balance once", async () => {
    const user = await newCustomer();
    const { merchantOrderNo, payment } = await createOrder(user, "88.80");
    expect(payment.kind).toBe("redirect");
    const cashierUrl = new URL(payment.url);
    expect(cashierUrl.pathname).toBe(DEV_CASHIER_PATHS.page);

    const page = await t.app.inject({ method: "GET", url: `${cashierUrl.pathname}${cashierUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("开发环境模拟收银台 — 不会产生真实扣款");
    expect(page.body).toContain("账户充值 88.80 元");
    for (const label of ["支付成功", "支付失败", "重复通知", "延迟通知"]) expect(page.body).toContain(label);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "created", amountFen: 8880, balanceFen: 0, paidAt: null });

    const decided = await decide(merchantOrderNo, "paid");
    expect(decided.statusCode).toBe(200);
    expect(decided.json().deliveries).toEqual([{ status: 200, body: "success" }]);
    expect(decided.json().returnUrl).toContain(`${RETURN_PATH}?merchantOrderNo=${merchantOrderNo}`);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", amountFen: 8880, balanceFen: 8880, paidAt: t.clock.now() });
    expect(await notificationsOf(merchantOrderNo)).toEqual([{ outcome: "credited" }]);
  });

  it("repeated notifications (重复通知) credit nothing more", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    const decided = await decide(merchantOrderNo, "duplicate");
    expect(decided.json().deliveries).toHaveLength(3);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 10_000 });
    expect((await notificationsOf(merchantOrderNo)).map((row) => row.outcome).sort()).toEqual(["alreadyPaid", "alreadyPaid", "credited"]);
  });

  it("a payment failed on the cashier fails the order and credits nothing", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await decide(merchantOrderNo, "failed");
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "failed", balanceFen: 0 });
  });

  it("a payment whose notification has not arrived is found by re-querying the provider when the page reads the order", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 10_000 });
    // The notification arriving afterwards credits nothing more.
    expect((await postNotification(cashier().notification(merchantOrderNo))).statusCode).toBe(200);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 10_000 });
    expect(await notificationsOf(merchantOrderNo)).toEqual([{ outcome: "alreadyPaid" }]);
  });

  it("100 concurrent duplicate notifications at one order move the balance once", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user, "500");
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => postNotification(cashier().notification(merchantOrderNo))));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 50_000 });
    const outcomes = (await notificationsOf(merchantOrderNo)).map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome === "credited")).toHaveLength(1);
    const recharges = await t.database.handle.db.selectFrom("money_transactions").select("id").where("idempotency_key", "=", `payment:${merchantOrderNo}`).execute();
    expect(recharges).toHaveLength(1);
  });
});

describe("notifications that must not credit", () => {
  it("a forged signature or a tampered body is refused", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    const genuine = cashier().notification(merchantOrderNo);
    const forged = { ...genuine, headers: { ...genuine.headers, [CASHIER_SIGNATURE_HEADER]: "00".repeat(32) } };
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace(/"amountFen":\d+/, '"amountFen":99999999') };
    const unsigned = { headers: { "content-type": "application/json" }, rawBody: genuine.rawBody };
    for (const notification of [forged, tampered, unsigned]) {
      const answer = await postNotification(notification);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe("failure");
    }
    // Read from the tables: reading the order through the call would ask the cashier, which was paid.
    const row = await t.database.handle.db.selectFrom("payment_orders").select("state").where("merchant_order_no", "=", merchantOrderNo).executeTakeFirstOrThrow();
    expect(row.state).toBe("created");
    const credits = await t.database.handle.db.selectFrom("money_transactions").select("id").where("idempotency_key", "=", `payment:${merchantOrderNo}`).execute();
    expect(credits).toEqual([]);
    expect(await notificationsOf(merchantOrderNo)).toEqual([]);
  });

  it("a payment whose amount differs from the order's is recorded and not credited", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user, "1000");
    // The order says 1 元 while the provider took 1000 元: a mismatch somebody must look at.
    await t.database.handle.db.updateTable("payment_orders").set({ amount_fen: 100 }).where("merchant_order_no", "=", merchantOrderNo).execute();
    await decide(merchantOrderNo, "paid");
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "created", balanceFen: 0 });
    expect(await notificationsOf(merchantOrderNo)).toEqual([{ outcome: "amountMismatch" }]);
  });

  it("a late notification after the order was closed credits nothing", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    // Made long ago rather than moving the clock, which would end the user's 30-minute session.
    const longAgo = t.clock.now() - RECHARGE_ORDER_LIFETIME_MS - 1;
    await t.database.handle.db.updateTable("payment_orders").set({ created_at: longAgo }).where("merchant_order_no", "=", merchantOrderNo).execute();
    expect(await t.app.services.payment.orders.closeStale()).toBeGreaterThanOrEqual(1);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "closed" });
    await decide(merchantOrderNo, "paid");
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "closed", balanceFen: 0 });
    expect(await notificationsOf(merchantOrderNo)).toEqual([{ outcome: "paidAfterClose" }]);
  });

  it("a notification for an order the server never made is refused", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    const genuine = cashier().notification(merchantOrderNo);
    await t.database.handle.db.deleteFrom("payment_orders").where("merchant_order_no", "=", merchantOrderNo).execute();
    expect((await postNotification(genuine)).statusCode).toBe(400);
  });
});
