import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { OVERPAID_FEN } from "../../server/modules/payment/dev-cashier.routes.js";
import { PaymentGatewayError } from "../../server/modules/payment/payment-provider.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { rechargeCalls, startRechargeApp } from "./support/recharge-app.js";
import type { TestApp } from "./support/test-app.js";

let t: TestApp;
let calls: ReturnType<typeof rechargeCalls>;
let nextMobile = 13900000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const refunds = () => t.app.services.payment.refunds;
const orders = () => t.app.services.payment.orders;
const refundRows = (merchantOrderNo: string) => t.database.handle.db.selectFrom("payment_refunds").selectAll().where("merchant_order_no", "=", merchantOrderNo).execute();
const credits = (merchantOrderNo: string) =>
  t.database.handle.db.selectFrom("money_transactions").select("id").where("idempotency_key", "=", `payment:${merchantOrderNo}`).execute();

beforeAll(async () => {
  t = await startRechargeApp();
  calls = rechargeCalls(t);
});
afterAll(async () => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  // The money never reached a balance: the journal holds nothing for it and still balances.
  expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

/** Paid at the cashier after we closed the order; the refund is recorded and sent. */
async function paidAfterClose(user: RegisteredUser, amount = "100") {
  const { merchantOrderNo } = await calls.createOrder(user, amount);
  const decided = await calls.decide(merchantOrderNo, "afterClose");
  expect(decided.statusCode).toBe(200);
  return merchantOrderNo;
}

describe("money taken after we closed the order", () => {
  it("is refunded once however often the provider notifies, and never reaches the balance", async () => {
    const user = await newCustomer();
    const merchantOrderNo = await paidAfterClose(user, "88.80");
    for (let i = 0; i < 3; i += 1) expect((await calls.postNotification(await calls.cashier().notification(merchantOrderNo))).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 5 }, async () => calls.postNotification(await calls.cashier().notification(merchantOrderNo))));

    const [refund, ...more] = await refundRows(merchantOrderNo);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amount_fen: 8880, reason: "paidAfterClose", state: "refunded", attempts: 1, provider: "development", refunded_at: t.clock.now() });
    expect(refund?.provider_refund_no).toMatch(/^DEVR/);
    // The cashier was asked once and returned the money once.
    expect((await calls.cashier().refunds(merchantOrderNo)).map((each) => each.state)).toEqual(["refunded"]);
    expect(await calls.readOrder(user, merchantOrderNo)).toMatchObject({ state: "closed", balanceFen: 0 });
    expect(await credits(merchantOrderNo)).toEqual([]);
    expect((await calls.notificationsOf(merchantOrderNo)).every((row) => row.outcome === "paidAfterClose")).toBe(true);
  });
});

describe("money of another amount than the order's", () => {
  it("is refunded at the amount received; the order is credited nothing and closed when stale", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await calls.createOrder(user, "100");
    await calls.decide(merchantOrderNo, "otherAmount");
    const [refund] = await refundRows(merchantOrderNo);
    expect(refund).toMatchObject({ amount_fen: 10_000 + OVERPAID_FEN, reason: "amountMismatch", state: "refunded", attempts: 1 });
    expect(await calls.readOrder(user, merchantOrderNo)).toMatchObject({ state: "created", balanceFen: 0 });

    await calls.makeStale(merchantOrderNo);
    await orders().closeStale();
    expect((await calls.orderRow(merchantOrderNo)).state).toBe("closed");
    expect(await refundRows(merchantOrderNo)).toHaveLength(1);
    expect(await credits(merchantOrderNo)).toEqual([]);
  });
});

describe("refunds that do not go through at once", () => {
  it("a refund the provider refuses is retried by housekeeping under a new refund number", async () => {
    const user = await newCustomer();
    vi.spyOn(calls.cashier(), "refund").mockResolvedValueOnce({ state: "refundFailed", providerRefundNo: null });
    const merchantOrderNo = await paidAfterClose(user);
    const [failed] = await refundRows(merchantOrderNo);
    expect(failed).toMatchObject({ state: "refundFailed", attempts: 1, refunded_at: null });

    await refunds().tidy();
    const [retried] = await refundRows(merchantOrderNo);
    expect(retried).toMatchObject({ state: "refunded", attempts: 2, amount_fen: 10_000 });
    expect(retried?.refund_no).not.toBe(failed?.refund_no);
    await refunds().tidy();
    expect(await refundRows(merchantOrderNo)).toMatchObject([{ state: "refunded", attempts: 2 }]);
  });

  it("a refund whose answer was lost is queried, found never made, and asked again", async () => {
    const user = await newCustomer();
    vi.spyOn(calls.cashier(), "refund").mockRejectedValueOnce(new PaymentGatewayError("connection reset"));
    const merchantOrderNo = await paidAfterClose(user);
    expect(await refundRows(merchantOrderNo)).toMatchObject([{ state: "refunding", attempts: 1 }]);

    await refunds().tidy(); // the cashier never saw that refund number: failed
    expect(await refundRows(merchantOrderNo)).toMatchObject([{ state: "refundFailed", attempts: 1 }]);
    await refunds().tidy();
    expect(await refundRows(merchantOrderNo)).toMatchObject([{ state: "refunded", attempts: 2 }]);
    expect(await calls.readOrder(user, merchantOrderNo)).toMatchObject({ balanceFen: 0 });
  });

  it("housekeeping stops retrying after the automatic attempts; finance may still retry", async () => {
    const user = await newCustomer();
    vi.spyOn(calls.cashier(), "refund").mockResolvedValue({ state: "refundFailed", providerRefundNo: null });
    const merchantOrderNo = await paidAfterClose(user);
    for (let i = 0; i < 8; i += 1) await refunds().tidy();
    expect(await refundRows(merchantOrderNo)).toMatchObject([{ state: "refundFailed", attempts: 5 }]);
  });
});

describe("closing stale orders", () => {
  it("asks the provider first: an order paid without a notification is credited, not closed", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await calls.createOrder(user, "50");
    await calls.cashier().decide(merchantOrderNo, "paid", { times: 0 });
    await calls.makeStale(merchantOrderNo);
    expect(await orders().closeStale()).toBeGreaterThanOrEqual(1);
    expect(await calls.orderRow(merchantOrderNo)).toMatchObject({ state: "paid" });
    expect(await credits(merchantOrderNo)).toHaveLength(1);
    expect(await calls.readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 5_000 });
    expect(await refundRows(merchantOrderNo)).toEqual([]);
  });

  it("closes an unpaid order at the provider, then here", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await calls.createOrder(user);
    await calls.makeStale(merchantOrderNo);
    await orders().closeStale();
    expect((await calls.cashier().attempt(merchantOrderNo))?.outcome).toBe("closed");
    expect(await calls.orderRow(merchantOrderNo)).toMatchObject({ state: "closed", closed_at: t.clock.now() });
  });

  it("leaves the order open while the provider cannot be asked or cannot close it, and closes it at the next run", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await calls.createOrder(user);
    await calls.makeStale(merchantOrderNo);
    const query = vi.spyOn(calls.cashier(), "queryPayment").mockRejectedValueOnce(new PaymentGatewayError("unreachable"));
    await orders().closeStale();
    expect(query).toHaveBeenCalled();
    expect((await calls.orderRow(merchantOrderNo)).state).toBe("created");

    vi.spyOn(calls.cashier(), "closePayment").mockRejectedValueOnce(new PaymentGatewayError("unreachable"));
    await orders().closeStale();
    expect((await calls.orderRow(merchantOrderNo)).state).toBe("created");
    expect((await calls.cashier().attempt(merchantOrderNo))?.outcome).toBe("pending");

    await orders().closeStale();
    expect((await calls.orderRow(merchantOrderNo)).state).toBe("closed");
  });

  it("a payment racing the close at the provider is credited at the next run", async () => {
    const user = await newCustomer();
    const { merchantOrderNo } = await calls.createOrder(user, "20");
    await calls.makeStale(merchantOrderNo);
    // The provider answered "not paid", then the payer paid before our close arrived: the close is refused.
    const cashier = calls.cashier();
    const realQuery = cashier.queryPayment.bind(cashier);
    vi.spyOn(cashier, "queryPayment").mockImplementationOnce(async (no) => {
      const answer = await realQuery(no);
      await cashier.decide(no, "paid", { times: 0 });
      return answer;
    });
    await orders().closeStale();
    expect((await calls.orderRow(merchantOrderNo)).state).toBe("created");
    await orders().closeStale();
    expect(await calls.readOrder(user, merchantOrderNo)).toMatchObject({ state: "paid", balanceFen: 2_000 });
  });
});
