import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RECHARGE_ENDPOINTS, MAX_RECHARGE_FEN } from "../../src/schema/recharge.js";
import { CASHIER_SIGNATURE_HEADER } from "../../server/modules/payment/development-cashier.js";
import { DEV_CASHIER_PATHS } from "../../server/modules/payment/dev-cashier.routes.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, registerUser } from "./support/personal-users.js";
import { rechargeCalls, RETURN_PATH, startRechargeApp } from "./support/recharge-app.js";
import type { TestApp } from "./support/test-app.js";

let t: TestApp;
let calls: ReturnType<typeof rechargeCalls>;
let nextMobile = 13800000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const cashier = () => calls.cashier();

beforeAll(async () => {
  t = await startRechargeApp();
  calls = rechargeCalls(t);
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

const createOrder = (...args: Parameters<typeof calls.createOrder>) => calls.createOrder(...args);
const readOrder = (...args: Parameters<typeof calls.readOrder>) => calls.readOrder(...args);
const decide = (...args: Parameters<typeof calls.decide>) => calls.decide(...args);
const postNotification = (...args: Parameters<typeof calls.postNotification>) => calls.postNotification(...args);
const notificationsOf = (merchantOrderNo: string) => calls.notificationsOf(merchantOrderNo);

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
    for (const label of ["支付成功", "支付失败", "重复通知", "延迟通知", "关单后支付", "金额不符"]) expect(page.body).toContain(label);
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
    expect((await postNotification(await cashier().notification(merchantOrderNo))).statusCode).toBe(200);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 10_000 });
    expect(await notificationsOf(merchantOrderNo)).toEqual([{ outcome: "alreadyPaid" }]);
  });

  it("100 concurrent duplicate notifications at one order move the balance once", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user, "500");
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    const answers = await Promise.all(Array.from({ length: 100 }, async () => postNotification(await cashier().notification(merchantOrderNo))));
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
    const genuine = await cashier().notification(merchantOrderNo);
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

  it("an order closed as stale is closed at the cashier too: paying it later is refused and credits nothing", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await calls.makeStale(merchantOrderNo);
    expect(await t.app.services.payment.orders.closeStale()).toBeGreaterThanOrEqual(1);
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "closed" });
    expect((await cashier().attempt(merchantOrderNo))?.outcome).toBe("closed");
    const refused = await decide(merchantOrderNo, "paid");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("订单已关闭，模拟收银台不再收款");
    expect(await readOrder(user, merchantOrderNo)).toMatchObject({ state: "closed", balanceFen: 0 });
    expect(await notificationsOf(merchantOrderNo)).toEqual([]);
  });

  it("a notification for an order the server never made is refused", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await createOrder(user);
    await cashier().decide(merchantOrderNo, "paid", { times: 0 });
    const genuine = await cashier().notification(merchantOrderNo);
    await t.database.handle.db.deleteFrom("payment_orders").where("merchant_order_no", "=", merchantOrderNo).execute();
    expect((await postNotification(genuine)).statusCode).toBe(400);
  });
});
