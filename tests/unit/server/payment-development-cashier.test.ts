import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { CASHIER_SIGNATURE_HEADER, DevelopmentCashier } from "../../../server/modules/payment/development-cashier.js";
import { DevelopmentCashierRepository } from "../../../server/modules/payment/development-cashier.repository.js";
import type { VerifiedNotification } from "../../../server/modules/payment/payment-provider.js";
import { createTestDatabase, type TestDatabase } from "../../server/support/test-database.js";
import { startFakeServer } from "./payment-fake-server.js";

/** The cashier keeps its attempts in the database (every process sees them): one SQLite file for this file, an order number per test. */
let database: TestDatabase;
let ordersMade = 0;
let ORDER = "";
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());
beforeEach(() => {
  ORDER = `P20261124065901${String(++ordersMade).padStart(10, "0")}`;
});

/** A cashier as a process of the installation makes it; each with a key of its own unless it is given the installation's. */
const newCashier = (secret = randomBytes(32)) =>
  new DevelopmentCashier({ cashierUrl: "http://localhost:8080/dev/cashier", attempts: new DevelopmentCashierRepository(database.handle.db), secret, now: () => Date.now() });

describe("development cashier", () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** Our callback's side: verify with the cashier, keep what was accepted, acknowledge. */
  async function callbackFor(cashier: DevelopmentCashier) {
    const accepted: VerifiedNotification[] = [];
    const server = await startFakeServer(async ({ headers, body }) => {
      const verdict = await cashier.verifyNotification({ headers, rawBody: body });
      if (verdict.ok) accepted.push(verdict.notification);
      const ack = cashier.acknowledgement(verdict.ok);
      return { status: ack.status, headers: { "content-type": ack.contentType }, body: ack.body };
    });
    closers.push(server.close);
    return { accepted, server };
  }

  async function startedPayment(amountFen = 10000) {
    const cashier = newCashier();
    const { accepted, server } = await callbackFor(cashier);
    const start = await cashier.createPayment({
      merchantOrderNo: ORDER,
      amountFen,
      subject: "账户充值 100 元",
      notifyUrl: `${server.url}/webapi/payment/development/notify`,
      returnUrl: "http://localhost:8080/personal/expenseCenter/chargeRecord",
    });
    return { cashier, accepted, server, start };
  }

  it("sends the browser to the simulated cashier page for the order", async () => {
    const { start, cashier } = await startedPayment();
    expect(start).toEqual({ kind: "redirect", url: `http://localhost:8080/dev/cashier?merchantOrderNo=${ORDER}` });
    expect(await cashier.attempt(ORDER)).toMatchObject({ outcome: "pending", request: { amountFen: 10000 } });
    expect(await cashier.queryPayment(ORDER)).toMatchObject({ found: true, outcome: "pending" });
  });

  it("is one cashier for all processes of an installation: an order one opened, another decides, and the first verifies its notification", async () => {
    const secret = randomBytes(32);
    const [here, there] = [newCashier(secret), newCashier(secret)];
    const { accepted, server } = await callbackFor(here);
    await here.createPayment({ merchantOrderNo: ORDER, amountFen: 500, subject: "x", notifyUrl: `${server.url}/notify`, returnUrl: "http://127.0.0.1:1/" });
    expect(await there.decide(ORDER, "paid")).toEqual([{ status: 200, body: "success" }]);
    expect(accepted).toEqual([expect.objectContaining({ merchantOrderNo: ORDER, amountFen: 500, outcome: "paid" })]);
    expect(await here.queryPayment(ORDER)).toMatchObject({ found: true, outcome: "paid", amountFen: 500 });
  });

  it("pays: one signed notification that our callback verifies and acknowledges", async () => {
    const { cashier, accepted } = await startedPayment();
    expect(await cashier.decide(ORDER, "paid")).toEqual([{ status: 200, body: "success" }]);
    expect(accepted).toEqual([expect.objectContaining({ merchantOrderNo: ORDER, amountFen: 10000, outcome: "paid" })]);
    expect(await cashier.queryPayment(ORDER)).toMatchObject({ found: true, outcome: "paid", amountFen: 10000 });
  });

  it("pays twice: the same payment notified twice, each with its own notification id", async () => {
    const { cashier, accepted } = await startedPayment();
    await cashier.decide(ORDER, "paid", { times: 2 });
    expect(accepted).toHaveLength(2);
    expect(accepted[0]?.providerTradeNo).toBe(accepted[1]?.providerTradeNo);
    expect(accepted[0]?.raw.notificationId).not.toBe(accepted[1]?.raw.notificationId);
  });

  it("fails, and a decided attempt keeps its first outcome", async () => {
    const { cashier, accepted } = await startedPayment();
    await cashier.decide(ORDER, "failed");
    await cashier.decide(ORDER, "paid");
    expect(accepted.map((n) => n.outcome)).toEqual(["failed", "failed"]);
  });

  it("notifies late when told to", async () => {
    const { cashier, accepted } = await startedPayment();
    const began = Date.now();
    await cashier.decide(ORDER, "paid", { delayMs: 200 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
    expect(accepted).toHaveLength(1);
  });

  it("refuses a notification whose amount was changed after signing", async () => {
    const { cashier } = await startedPayment(1);
    await cashier.decide(ORDER, "paid", { times: 0 });
    const { headers, rawBody } = await cashier.notification(ORDER);
    const forged = rawBody.replace('"amountFen":1,', '"amountFen":100000,');
    expect(forged).not.toBe(rawBody);
    expect(await cashier.verifyNotification({ headers, rawBody: forged })).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a notification signed by another cashier (another start's key) or unsigned", async () => {
    const { cashier } = await startedPayment();
    const other = newCashier();
    await other.createPayment({ merchantOrderNo: ORDER, amountFen: 10000, subject: "x", notifyUrl: "http://127.0.0.1:1/", returnUrl: "http://127.0.0.1:1/" });
    expect(await cashier.verifyNotification(await other.notification(ORDER))).toEqual({ ok: false, reason: "bad signature" });
    const { rawBody } = await cashier.notification(ORDER);
    expect(await cashier.verifyNotification({ headers: {}, rawBody })).toEqual({ ok: false, reason: "bad signature" });
    expect(await cashier.verifyNotification({ headers: { [CASHIER_SIGNATURE_HEADER]: "zz" }, rawBody })).toEqual({ ok: false, reason: "bad signature" });
  });

  it("reports an unreachable callback instead of throwing", async () => {
    const cashier = newCashier();
    await cashier.createPayment({ merchantOrderNo: ORDER, amountFen: 1, subject: "x", notifyUrl: "http://127.0.0.1:1/notify", returnUrl: "http://127.0.0.1:1/" });
    const [report] = await cashier.decide(ORDER, "paid");
    expect(report?.status).toBe(0);
  });

  it("does not know orders it never saw", async () => {
    const cashier = newCashier();
    expect(await cashier.queryPayment(ORDER)).toEqual({ found: false });
    await expect(cashier.decide(ORDER, "paid")).rejects.toThrow("never saw");
  });
});

describe("development cashier refunds", () => {
  const request = () => ({ merchantOrderNo: ORDER, amountFen: 10000, subject: "x", notifyUrl: "http://127.0.0.1:1/", returnUrl: "http://127.0.0.1:1/" });

  async function paid() {
    const cashier = newCashier();
    await cashier.createPayment(request());
    await cashier.decide(ORDER, "paid", { times: 0 });
    return cashier;
  }
  const refund = (refundNo: string, refundFen: number) => ({ merchantOrderNo: ORDER, refundNo, refundFen, totalFen: 10000, reason: "测试退款" });

  it("refunds what was paid, answers a repeated refund number with the first answer, and refuses more than was paid", async () => {
    const cashier = await paid();
    const first = await cashier.refund(refund("R1", 6000));
    expect(first).toMatchObject({ state: "refunded", providerRefundNo: expect.stringMatching(/^DEVR/) });
    expect(await cashier.refund(refund("R1", 6000))).toEqual(first);
    expect(await cashier.refund(refund("R2", 5000))).toEqual({ state: "refundFailed", providerRefundNo: null });
    expect(await cashier.refund(refund("R3", 4000))).toMatchObject({ state: "refunded" });
    expect(await cashier.queryRefund(ORDER, "R1")).toEqual(first);
    expect(await cashier.queryRefund(ORDER, "R9")).toEqual({ state: "refundFailed", providerRefundNo: null });
  });

  it("refuses to refund an attempt that was not paid", async () => {
    const cashier = newCashier();
    await cashier.createPayment(request());
    expect(await cashier.refund(refund("R1", 1))).toEqual({ state: "refundFailed", providerRefundNo: null });
  });
});

describe("development cashier close and other amounts", () => {
  const request = () => ({ merchantOrderNo: ORDER, amountFen: 10000, subject: "x", notifyUrl: "http://127.0.0.1:1/", returnUrl: "http://127.0.0.1:1/" });
  const started = async () => {
    const cashier = newCashier();
    await cashier.createPayment(request());
    return cashier;
  };

  it("closes an unpaid attempt, which then keeps its outcome when the payer tries to pay", async () => {
    const cashier = await started();
    await cashier.closePayment(ORDER);
    await cashier.decide(ORDER, "paid", { times: 0 });
    expect(await cashier.queryPayment(ORDER)).toMatchObject({ found: true, outcome: "closed" });
    await expect(cashier.closePayment("P-never-seen")).resolves.toBeUndefined();
  });

  it("refuses to close a paid attempt", async () => {
    const cashier = await started();
    await cashier.decide(ORDER, "paid", { times: 0 });
    await expect(cashier.closePayment(ORDER)).rejects.toThrow("cannot be closed");
  });

  it("takes another amount when told to, reports it, and refunds up to it", async () => {
    const cashier = await started();
    await cashier.decide(ORDER, "paid", { times: 0, takenFen: 10100 });
    expect(await cashier.queryPayment(ORDER)).toMatchObject({ amountFen: 10100, outcome: "paid" });
    expect(JSON.parse((await cashier.notification(ORDER)).rawBody)).toMatchObject({ amountFen: 10100 });
    const refund = { merchantOrderNo: ORDER, refundNo: "R1", refundFen: 10100, totalFen: 10100, reason: "测试退款" };
    expect(await cashier.refund(refund)).toMatchObject({ state: "refunded" });
  });
});
