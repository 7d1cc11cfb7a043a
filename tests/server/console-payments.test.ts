import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_CONSOLE_ENDPOINTS as PAYMENTS, PAYMENT_CONSOLE_MESSAGES } from "../../src/schema/console/payments.js";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { shanghaiDateKey } from "../../src/schema/shanghai-time.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { registerUser } from "./support/personal-users.js";
import { rechargeCalls, startRechargeApp } from "./support/recharge-app.js";
import type { TestApp } from "./support/test-app.js";

let t: TestApp;
let calls: ReturnType<typeof rechargeCalls>;
let finance: string;
let nextMobile = 13700000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const as = (token: string) => ({ token });

beforeAll(async () => {
  t = await startRechargeApp();
  calls = rechargeCalls(t);
  finance = (await signInOperator(t, { roles: ["finance"] })).token;
});
afterAll(async () => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("支付订单", () => {
  it("finance sees every customer's orders with state, channel, amount and customer, filtered by state and date", async () => {
    const payer = await newCustomer();
    const idle = await newCustomer();
    const paid = await calls.createOrder(payer, "88.80");
    await calls.decide(paid.merchantOrderNo, "paid");
    const open = await calls.createOrder(idle, "10");

    const all = (await t.call(PAYMENTS.orders, { pageSize: 100 }, as(finance))).json();
    expect(all.code).toBe(200);
    const byNo = new Map(all.datas.list.map((row: { merchantOrderNo: string }) => [row.merchantOrderNo, row]));
    expect(byNo.get(paid.merchantOrderNo)).toMatchObject({ userId: payer.id, customerAccount: payer.account, channel: "development", amountFen: 8880, state: "paid", paidTime: t.clock.now() });
    expect(byNo.get(open.merchantOrderNo)).toMatchObject({ userId: idle.id, customerAccount: idle.account, amountFen: 1000, state: "created", paidTime: null });

    const onlyPaid = (await t.call(PAYMENTS.orders, { state: "paid", pageSize: 100 }, as(finance))).json().datas.list as { state: string; merchantOrderNo: string }[];
    expect(onlyPaid.every((row) => row.state === "paid")).toBe(true);
    expect(onlyPaid.map((row) => row.merchantOrderNo)).toContain(paid.merchantOrderNo);

    const today = shanghaiDateKey(t.clock.now());
    const todays = (await t.call(PAYMENTS.orders, { startTime: today, endTime: today, merchantOrderNo: open.merchantOrderNo }, as(finance))).json().datas;
    expect(todays.list.map((row: { merchantOrderNo: string }) => row.merchantOrderNo)).toEqual([open.merchantOrderNo]);
    const earlier = (await t.call(PAYMENTS.orders, { startTime: "2020-01-01", endTime: "2020-01-31" }, as(finance))).json().datas;
    expect(earlier.totalRow).toBe(0);
  });

  it("refuses a bad filter with a Chinese message", async () => {
    const answer = (await t.call(PAYMENTS.orders, { state: "nonsense" }, as(finance))).json();
    expect(answer.code).toBe(1001);
    expect(answer.message).toContain("状态不正确");
    const date = (await t.call(PAYMENTS.refunds, { startTime: "2026-02-30" }, as(finance))).json();
    expect(date.code).toBe(1001);
    expect(date.message).toContain("日期不存在");
  });
});

describe("退款", () => {
  it("lists a failed refund, and 重试 asks the provider again under a new number, recorded in the audit trail", async () => {
    const customer = await newCustomer();
    vi.spyOn(calls.cashier(), "refund").mockResolvedValueOnce({ state: "refundFailed", providerRefundNo: null });
    const { merchantOrderNo } = await calls.createOrder(customer, "30");
    await calls.decide(merchantOrderNo, "afterClose");

    const failed = (await t.call(PAYMENTS.refunds, { state: "refundFailed", merchantOrderNo }, as(finance))).json().datas.list;
    expect(failed).toEqual([
      expect.objectContaining({ merchantOrderNo, userId: customer.id, customerAccount: customer.account, amountFen: 3000, reason: "paidAfterClose", state: "refundFailed", attempts: 1, refundedTime: null }),
    ]);

    const retried = (await t.call(PAYMENTS.retryRefund, { id: failed[0].id }, as(finance))).json();
    expect(retried.code).toBe(200);
    expect(retried.datas).toMatchObject({ id: failed[0].id, state: "refunded", attempts: 2, refundedTime: t.clock.now() });
    expect(retried.datas.refundNo).not.toBe(failed[0].refundNo);
    const audit = await t.database.handle.db.selectFrom("operator_audit").selectAll().where("action", "=", "paymentRefund.retry").where("target_id", "=", String(failed[0].id)).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ state: "refundFailed", attempts: 1 });
    expect(await calls.readOrder(customer, merchantOrderNo)).toMatchObject({ state: "closed", balanceFen: 0 });

    // Only a failed refund may be retried: a second 重试 changes nothing.
    const again = (await t.call(PAYMENTS.retryRefund, { id: failed[0].id }, as(finance))).json();
    expect(again).toMatchObject({ code: 1001, message: PAYMENT_CONSOLE_MESSAGES.refundNotFailed });
    expect((await t.call(PAYMENTS.refunds, { merchantOrderNo }, as(finance))).json().datas.list[0]).toMatchObject({ state: "refunded", attempts: 2 });
    const unknown = (await t.call(PAYMENTS.retryRefund, { id: 999_999 }, as(finance))).json();
    expect(unknown).toMatchObject({ code: 404, message: PAYMENT_CONSOLE_MESSAGES.refundNotFound });
  });
});

describe("who may see and change payments", () => {
  it("an operator without finance.manage, and a customer, are refused; nothing changes", async () => {
    const customer = await newCustomer();
    vi.spyOn(calls.cashier(), "refund").mockResolvedValueOnce({ state: "refundFailed", providerRefundNo: null });
    const { merchantOrderNo } = await calls.createOrder(customer, "12");
    await calls.decide(merchantOrderNo, "afterClose");
    const [refund] = (await t.call(PAYMENTS.refunds, { merchantOrderNo }, as(finance))).json().datas.list;

    const other = await operatorTokenWithout(t, "finance.manage");
    for (const [endpoint, input] of [[PAYMENTS.orders, {}], [PAYMENTS.refunds, {}], [PAYMENTS.retryRefund, { id: refund.id }]] as const) {
      expect((await t.call(endpoint, input, as(other))).json().code).toBe(ConsoleCode.forbidden);
      expect((await t.call(endpoint, input, as(customer.token))).json().code).not.toBe(200);
    }
    expect((await t.call(PAYMENTS.refunds, { merchantOrderNo }, as(finance))).json().datas.list[0]).toMatchObject({ state: "refundFailed", attempts: 1 });
  });
});
