import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADJUSTMENT_MESSAGES, FINANCE_ADJUSTMENT_ENDPOINTS as ADJUSTMENTS } from "../../src/schema/console/finance-adjustments.js";
import { CONTRACT_MESSAGES, FINANCE_CONTRACT_ENDPOINTS as CONTRACTS } from "../../src/schema/console/finance-contracts.js";
import { FINANCE_CUSTOMER_ENDPOINTS } from "../../src/schema/console/finance-customer-money.js";
import { FINANCE_PRICE_ENDPOINTS as PRICES, PRICE_MESSAGES } from "../../src/schema/console/finance-prices.js";
import { FINANCE_MESSAGES } from "../../src/schema/console/finance.js";
import { CONTRACT_TRANSITIONS, ContractStateError, contractTransition, CONTRACT_STATUSES, type ContractAction } from "../../src/schema/console/offline-contract-lifecycle.js";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { MONEY_RECORD_ENDPOINTS } from "../../src/schema/money-records.js";
import { PURCHASE_ENDPOINTS, PURCHASE_MESSAGES } from "../../src/schema/purchase.js";
import { encryptorFor } from "./support/login-client.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** Finance in the console (issue 14): prices, offline contracts and the floor they set, balance adjustments. */

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let finance: { token: string; id: number; account: string };
let nextMobile = 13830000001;
let nextAttempt = 1;
const newCustomer = () => registerUser(t, String(nextMobile++));
const attempt = () => `finance-attempt-${String(nextAttempt++).padStart(4, "0")}`;
const services = () => t.app.services;
const db = () => t.database.handle.db;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, token = finance.token) => (await t.call(endpoint, params, { token })).json();
const auditRows = (action: string) => db().selectFrom("operator_audit").selectAll().where("action", "=", action).orderBy("id").execute();
const balanceOf = async (userId: number) => (await services().billing.journal.balanceOf(userId)).availableFen;
const capture = (reference: string) => ({ service: "capture", reference, expiresAt: t.clock.now() + 15 * 60 * 1000 });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await signInOperator(t, { roles: ["finance"] });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await services().billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("permissions", () => {
  it("refuses every finance call to an operator whose roles do not grant finance.manage, and to a customer", async () => {
    const reviewer = await operatorTokenWithout(t, "finance.manage");
    const customer = await newCustomer();
    for (const [endpoint, params] of [
      [PRICES.list, {}],
      [PRICES.update, { code: "bundle-10", onSale: false }],
      [CONTRACTS.list, {}],
      [FINANCE_CUSTOMER_ENDPOINTS.money, { id: customer.id }],
      [ADJUSTMENTS.create, { customerAccount: customer.account, direction: "credit", amount: "10", reason: "越权测试", attemptId: attempt() }],
    ] as const) {
      expect((await call(endpoint, params, reviewer)).code).toBe(ConsoleCode.forbidden);
      expect((await call(endpoint, params, customer.token)).code).not.toBe(200);
    }
    expect(await balanceOf(customer.id)).toBe(0);
    expect((await services().purchase.prices.entry("bundle-10", t.clock.now()))!.product.regularPriceFen).toBe(280_000);
  });
});

describe("prices", () => {
  it("lists the price table with the 2017 launch promotion as a dated promotion that has ended", async () => {
    const { datas } = await call(PRICES.list, {});
    expect(datas.totalRow).toBe(5);
    expect(datas.list.find((row: { code: string }) => row.code === "bundle-10")).toMatchObject({
      name: "1次公证 + 10条网页快照",
      regularPriceFen: 280_000,
      promotionName: "首发优惠",
      promotionStart: "2017-09-15",
      promotionEnd: "2017-11-15",
      promotionPriceFen: 150_000,
      promotionState: "ended",
      priceFen: 280_000,
    });
    expect(datas.list.find((row: { code: string }) => row.code === "30001")).toMatchObject({ regularPriceFen: null, priceFen: null, promotionName: null });
  });

  it.each([
    [{ code: "bundle-30", onSale: true }, "priceFen", PRICE_MESSAGES.priceRequired],
    [{ code: "bundle-30", onSale: true, priceFen: 0 }, "priceFen", PRICE_MESSAGES.price],
    [{ code: "bundle-30", onSale: true, priceFen: 12.5 }, "priceFen", PRICE_MESSAGES.price],
    [{ code: "bundle-30", onSale: true, priceFen: 500_000, promotionName: "双十一" }, "promotionStart", PRICE_MESSAGES.promotionIncomplete],
    [{ code: "bundle-30", onSale: true, priceFen: 500_000, promotionName: "双十一", promotionStart: "2026-11-12", promotionEnd: "2026-11-11", promotionPriceFen: 1 }, "promotionEnd", PRICE_MESSAGES.promotionOrder],
    [{ code: "bundle-30", onSale: true, priceFen: 500_000, promotionName: "双十一", promotionStart: "2026-02-30", promotionEnd: "2026-11-11", promotionPriceFen: 1 }, "promotionStart", FINANCE_MESSAGES.dateInvalid],
    [{ code: "bundle-30", onSale: false, promotionName: "双十一", promotionStart: "2026-11-01", promotionEnd: "2026-11-11", promotionPriceFen: 1 }, "promotionName", PRICE_MESSAGES.promotionNotOnSale],
  ])("refuses %j with a message on %s, changing nothing", async (input, field, message) => {
    const answer = await call(PRICES.update, input);
    expect(answer).toMatchObject({ code: 1001, message });
    expect(answer.extraData.errors[field]).toBe(message);
    expect((await services().purchase.prices.entry("bundle-30", t.clock.now()))!.product).toMatchObject({ regularPriceFen: 500_000, promotion: { name: "首发优惠" } });
    expect(await auditRows("price.update")).toEqual([]);
  });

  it("answers 404 for a product that does not exist", async () => {
    expect(await call(PRICES.update, { code: "nothing", onSale: false })).toMatchObject({ code: 404, message: PRICE_MESSAGES.notFound });
  });

  it("changes a price with an audit record of before and after, and the next purchase pays the new price", async () => {
    const today = "2026-11-22";
    const changed = await call(PRICES.update, { code: "bundle-10", onSale: true, priceFen: 200_000, promotionName: "年终优惠", promotionStart: today, promotionEnd: "2026-12-31", promotionPriceFen: 120_000, reason: "年终促销" });
    expect(changed).toMatchObject({ code: 200, datas: { regularPriceFen: 200_000, promotionName: "年终优惠", promotionState: "running", priceFen: 120_000 } });
    const [audit] = await auditRows("price.update");
    expect(audit).toMatchObject({ operator_account: finance.account, target_type: "productPrice", target_id: "bundle-10", reason: "年终促销" });
    expect(JSON.parse(audit.before_json!)).toEqual({ priceFen: 280_000, promotion: { name: "首发优惠", start: "2017-09-15", end: "2017-11-15", priceFen: 150_000 } });
    expect(JSON.parse(audit.after_json!)).toEqual({ priceFen: 200_000, promotion: { name: "年终优惠", start: today, end: "2026-12-31", priceFen: 120_000 } });

    const buyer = await newCustomer();
    await call(ADJUSTMENTS.create, { customerAccount: buyer.account, direction: "credit", amount: "2000", reason: "线下汇款入账", attemptId: attempt() });
    const bought = (await t.call(PURCHASE_ENDPOINTS.purchase, { uid: buyer.id, productCode: "bundle-10", quantity: 1, attemptId: attempt() }, { token: buyer.token })).json();
    expect(bought).toMatchObject({ code: 200, datas: { totalFen: 120_000, balanceFen: 80_000 } });
  });

  it("takes a product off sale: customers can no longer buy it", async () => {
    expect((await call(PRICES.update, { code: "bundle-50", onSale: false })).datas).toMatchObject({ regularPriceFen: null, promotionName: null, priceFen: null });
    const buyer = await newCustomer();
    await call(ADJUSTMENTS.create, { customerAccount: buyer.account, direction: "credit", amount: "10000", reason: "线下汇款入账", attemptId: attempt() });
    const refused = (await t.call(PURCHASE_ENDPOINTS.purchase, { uid: buyer.id, productCode: "bundle-50", quantity: 1, attemptId: attempt() }, { token: buyer.token })).json();
    expect(refused).toMatchObject({ code: 309, message: PURCHASE_MESSAGES.productUnavailable });
    expect(await balanceOf(buyer.id)).toBe(1_000_000);
  });
});

describe("the offline contract's lifecycle (table-driven)", () => {
  it.each(CONTRACT_STATUSES.flatMap((status) => (Object.keys(CONTRACT_TRANSITIONS) as ContractAction[]).map((action) => [status, action] as const)))("%s → %s", (status, action) => {
    const transition = CONTRACT_TRANSITIONS[action];
    if ((transition.from as readonly string[]).includes(status)) expect(contractTransition(status, action)).toBe(transition.to);
    else expect(() => contractTransition(status, action)).toThrow(ContractStateError);
  });
});

describe("offline contracts", () => {
  const contract = (customer: RegisteredUser, overrides: Record<string, unknown> = {}) => ({
    contractNo: `HT-2026-${customer.id}`,
    customerAccount: customer.account,
    signingParty: "上海某某律师事务所",
    termStart: "2026-11-23",
    termEnd: "2026-11-30",
    creditLimit: "500",
    remark: "年度监测服务",
    ...overrides,
  });

  it("decides the floor by the term: no credit before the start, credit during it, none after the end, none once terminated", async () => {
    const customer = await newCustomer();
    const created = await call(CONTRACTS.create, contract(customer));
    expect(created).toMatchObject({ code: 200, datas: { contractNo: `HT-2026-${customer.id}`, customerAccount: customer.account, creditLimitFen: 50_000, status: "pending", createdBy: finance.account } });
    const { id } = created.datas;
    const reserve = (reference: string, fen = 100) => services().billing.money.reserve(customer.id, fen, capture(`${customer.id}-${reference}`));

    // Today (2026-11-22, Shanghai) is before the term: a customer without money is refused.
    await expect(reserve("before")).rejects.toMatchObject({ code: 301 });
    const startOfDay = t.clock.now();
    try {
      t.clock.set(Date.UTC(2026, 10, 22, 16, 0, 0)); // 2026-11-23 00:00 in Shanghai: the first day.
      expect((await call(CONTRACTS.one, { id }, (await signInOperator(t, { roles: ["finance"] })).token)).datas.status).toBe("active");
      await reserve("first-day", 40_000);
      await reserve("up-to-the-limit", 10_000);
      await expect(reserve("over-the-limit", 1)).rejects.toMatchObject({ code: 301 });
      t.clock.set(Date.UTC(2026, 10, 30, 15, 59, 0)); // 2026-11-30 23:59: still in force.
      expect(await services().billing.contracts.floorFen(customer.id, db())).toBe(-50_000);
      t.clock.set(Date.UTC(2026, 10, 30, 16, 0, 0)); // 2026-12-01: expired.
      expect(await services().billing.contracts.floorFen(customer.id, db())).toBe(0);
    } finally {
      t.clock.set(startOfDay);
    }
  });

  it("grants the whole limit on the last day and nothing the day after", async () => {
    const customer = await newCustomer();
    await call(CONTRACTS.create, contract(customer, { contractNo: `HT-LAST-${customer.id}`, termStart: "2026-11-01", termEnd: "2026-11-22", creditLimit: "1.50" }));
    await services().billing.money.reserve(customer.id, 150, capture(`${customer.id}-last`));
    await expect(services().billing.money.reserve(customer.id, 1, capture(`${customer.id}-over`))).rejects.toMatchObject({ code: 301 });
    const startOfDay = t.clock.now();
    t.clock.advance(DAY);
    expect(await services().billing.contracts.floorFen(customer.id, db())).toBe(0);
    t.clock.set(startOfDay);
  });

  it("terminates a contract in force with its reason: credit ends at once, the record and the audit trail keep it", async () => {
    const customer = await newCustomer();
    const { datas } = await call(CONTRACTS.create, contract(customer, { contractNo: `HT-END-${customer.id}`, termStart: "2026-01-01", termEnd: "2026-12-31" }));
    expect(datas.status).toBe("active");
    expect(await services().billing.contracts.floorFen(customer.id, db())).toBe(-50_000);
    expect(await call(CONTRACTS.terminate, { id: datas.id, reason: "" })).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.terminationReasonRequired });

    const ended = await call(CONTRACTS.terminate, { id: datas.id, reason: "客户提前解约" });
    expect(ended.datas).toMatchObject({ status: "terminated", terminationReason: "客户提前解约", terminatedBy: finance.account, creditLimitFen: 50_000 });
    await expect(services().billing.money.reserve(customer.id, 1, capture(`${customer.id}-after-end`))).rejects.toMatchObject({ code: 301 });
    expect(await call(CONTRACTS.terminate, { id: datas.id, reason: "重复终止" })).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.notTerminable });

    const audit = (await auditRows("contract.terminate")).filter((row) => row.target_id === String(datas.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: "客户提前解约", before_json: JSON.stringify({ status: "active" }), after_json: JSON.stringify({ status: "terminated" }) });
    expect((await auditRows("contract.create")).some((row) => row.target_id === String(datas.id))).toBe(true);

    // A new agreement is a new contract; the terminated one stays in the history.
    const renewed = await call(CONTRACTS.create, contract(customer, { contractNo: `HT-NEW-${customer.id}`, termStart: "2026-11-22", termEnd: "2027-11-21", creditLimit: "800" }));
    expect(renewed.datas.status).toBe("active");
    const listed = await call(CONTRACTS.list, { keyword: customer.account });
    expect(listed.datas.list.map((row: { contractNo: string; status: string }) => [row.contractNo, row.status])).toEqual([
      [`HT-NEW-${customer.id}`, "active"],
      [`HT-END-${customer.id}`, "terminated"],
    ]);
    expect(await services().billing.contracts.floorFen(customer.id, db())).toBe(-80_000);
  });

  it("refuses an expired contract's termination, an overlapping term, a taken number, a sub-account and an unknown customer", async () => {
    const customer = await newCustomer();
    const past = await call(CONTRACTS.create, contract(customer, { contractNo: `HT-OLD-${customer.id}`, termStart: "2025-01-01", termEnd: "2025-12-31" }));
    expect(past.datas.status).toBe("expired");
    expect(await call(CONTRACTS.terminate, { id: past.datas.id, reason: "已过期" })).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.notTerminable });
    await call(CONTRACTS.create, contract(customer));
    expect(await call(CONTRACTS.create, contract(customer, { contractNo: `HT-OVER-${customer.id}`, termStart: "2026-11-30", termEnd: "2027-01-31" }))).toMatchObject({
      code: 1001,
      message: CONTRACT_MESSAGES.overlaps(`HT-2026-${customer.id}`, "2026-11-23", "2026-11-30"),
    });
    const other = await newCustomer();
    expect(await call(CONTRACTS.create, contract(other, { contractNo: `HT-2026-${customer.id}` }))).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.contractNoTaken });
    expect(await call(CONTRACTS.create, contract(other, { termStart: "2026-12-01", termEnd: "2026-11-30" }))).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.termOrder });
    expect(await call(CONTRACTS.create, contract(other, { creditLimit: "12.345" }))).toMatchObject({ code: 1001, message: CONTRACT_MESSAGES.creditLimit });
    expect(await call(CONTRACTS.create, contract(other, { customerAccount: "13899999999" }))).toMatchObject({ code: 1001, message: FINANCE_MESSAGES.customerNotFound });

    const { encryptPassword } = await encryptorFor(t);
    const childAccount = String(nextMobile++);
    const child = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: childAccount, name: "财务子账号", encryptPassword: encryptPassword("init1234") }, { token: customer.token, ip: freshIp() })).json();
    expect(child.code).toBe(200);
    expect(await call(CONTRACTS.create, contract(other, { contractNo: `HT-CHILD-${customer.id}`, customerAccount: childAccount }))).toMatchObject({ code: 1001, message: FINANCE_MESSAGES.subAccount });
    expect((await call(CONTRACTS.list, { keyword: other.account })).datas.list).toEqual([]);
  });

  it("records one of two overlapping contracts sent at the same moment", async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(["A", "B"].map((suffix) => call(CONTRACTS.create, contract(customer, { contractNo: `HT-RACE-${customer.id}-${suffix}` }))));
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1001]);
    expect((await call(CONTRACTS.list, { keyword: customer.account })).datas.totalRow).toBe(1);
  });

  it("filters by status as read on today's Shanghai date", async () => {
    const pending = (await call(CONTRACTS.list, { status: "pending", pageSize: 100 })).datas.list as { status: string }[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.status === "pending")).toBe(true);
    const expired = (await call(CONTRACTS.list, { status: "expired", pageSize: 100 })).datas.list as { status: string }[];
    expect(expired.every((row) => row.status === "expired")).toBe(true);
  });

  it("lets accountStatus follow the contract in force", async () => {
    const customer = await newCustomer();
    expect(await services().billing.contracts.inForce(customer.id)).toBeUndefined();
    await call(CONTRACTS.create, contract(customer, { contractNo: `HT-NOW-${customer.id}`, termStart: "2026-11-22", termEnd: "2026-11-22" }));
    expect(await services().billing.contracts.inForce(customer.id)).toMatchObject({ contract_no: `HT-NOW-${customer.id}` });
  });
});

describe("balance adjustments", () => {
  it("credits once under a repeated attempt id, with one audit record, shown to the customer as 余额调整", async () => {
    const customer = await newCustomer();
    const input = { customerAccount: customer.account, direction: "credit", amount: "88.80", reason: "线下汇款入账", attemptId: attempt() };
    const [first, second] = await Promise.all([call(ADJUSTMENTS.create, input), call(ADJUSTMENTS.create, input)]);
    const again = await call(ADJUSTMENTS.create, input);
    for (const answer of [first, second, again]) expect(answer).toMatchObject({ code: 200, datas: { amountFen: 8_880, direction: "credit", balanceFen: 8_880, operatorAccount: finance.account } });
    expect(new Set([first.datas.id, second.datas.id, again.datas.id]).size).toBe(1);
    expect(await balanceOf(customer.id)).toBe(8_880);
    expect((await auditRows("balance.credit")).filter((row) => row.target_id === String(customer.id))).toHaveLength(1);

    const charges = (await t.call(MONEY_RECORD_ENDPOINTS.charge.list, {}, { token: customer.token })).json();
    expect(charges.datas.list).toEqual([expect.objectContaining({ kind: "adjustment", amountFen: 8_880, memo: "线下汇款入账" })]);

    // The same attempt id with another amount is refused, and moves nothing.
    expect(await call(ADJUSTMENTS.create, { ...input, amount: "100" })).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.attemptReused });
    expect(await balanceOf(customer.id)).toBe(8_880);
  });

  it("debits, and refuses a debit that would take the available balance below zero", async () => {
    const customer = await newCustomer();
    await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "credit", amount: "100", reason: "线下汇款入账", attemptId: attempt() });
    const debit = await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "debit", amount: "30", reason: "线下退款冲回", attemptId: attempt() });
    expect(debit.datas).toMatchObject({ direction: "debit", amountFen: -3_000, balanceFen: 7_000 });
    const refused = await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "debit", amount: "70.01", reason: "超额扣减", attemptId: attempt() });
    expect(refused).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.belowZero(7_000) });
    expect(refused.message).toBe("扣减后客户可用余额将低于零：其可用余额为 70.00 元，最多可扣减 70.00 元");
    expect(await balanceOf(customer.id)).toBe(7_000);
    expect((await auditRows("balance.debit")).filter((row) => row.target_id === String(customer.id))).toHaveLength(1);
  });

  it("refuses a missing reason, a bad amount and an unknown customer, changing nothing", async () => {
    const customer = await newCustomer();
    const base = { customerAccount: customer.account, direction: "credit", amount: "10", reason: "入账", attemptId: attempt() };
    expect(await call(ADJUSTMENTS.create, { ...base, reason: " " })).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.reasonRequired });
    expect(await call(ADJUSTMENTS.create, { ...base, amount: "0" })).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.amount });
    expect(await call(ADJUSTMENTS.create, { ...base, amount: "-5" })).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.amount });
    expect(await call(ADJUSTMENTS.create, { ...base, attemptId: "x" })).toMatchObject({ code: 1001, message: ADJUSTMENT_MESSAGES.attempt });
    expect(await call(ADJUSTMENTS.create, { ...base, customerAccount: "nobody@example.com" })).toMatchObject({ code: 1001, message: FINANCE_MESSAGES.customerNotFound });
    expect(await balanceOf(customer.id)).toBe(0);
  });

  it("another customer sees none of it; finance's list finds it by the customer's account", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "credit", amount: "5", reason: "补偿", attemptId: attempt() });
    expect((await t.call(MONEY_RECORD_ENDPOINTS.charge.list, {}, { token: other.token })).json().datas.list).toEqual([]);
    expect(await balanceOf(other.id)).toBe(0);
    const listed = (await call(ADJUSTMENTS.list, { keyword: customer.account })).datas;
    expect(listed).toMatchObject({ totalRow: 1, list: [{ customerAccount: customer.account, amountFen: 500, reason: "补偿", operatorAccount: finance.account }] });
    expect((await call(ADJUSTMENTS.list, { keyword: other.account })).datas.totalRow).toBe(0);
  });
});

describe("a customer's money", () => {
  it("answers balances, the contract in force and the latest movements, the main account's for a sub-account", async () => {
    const customer = await newCustomer();
    await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "credit", amount: "300", reason: "线下汇款入账", attemptId: attempt() });
    await call(ADJUSTMENTS.create, { customerAccount: customer.account, direction: "debit", amount: "50", reason: "线下退款冲回", attemptId: attempt() });
    await services().billing.money.reserve(customer.id, 2_000, capture(`${customer.id}-money-view`));
    const { datas } = await call(CONTRACTS.create, { contractNo: `HT-VIEW-${customer.id}`, customerAccount: customer.account, signingParty: "某某公司", termStart: "2026-01-01", termEnd: "2026-12-31", creditLimit: "100" });

    const money = await call(FINANCE_CUSTOMER_ENDPOINTS.money, { id: customer.id });
    expect(money.datas.balances).toEqual({ availableFen: 23_000, reservedFen: 2_000 });
    expect(money.datas.contract).toMatchObject({ id: datas.id, contractNo: `HT-VIEW-${customer.id}`, status: "active", creditLimitFen: 10_000 });
    expect(money.datas.movements.map((row: { kind: string; amountFen: number; memo: string }) => [row.kind, row.amountFen, row.memo])).toEqual([
      ["adjustment", -5_000, "线下退款冲回"],
      ["adjustment", 30_000, "线下汇款入账"],
    ]);

    const { encryptPassword } = await encryptorFor(t);
    const childAccount = String(nextMobile++);
    const child = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: childAccount, name: "资金子账号", encryptPassword: encryptPassword("init1234") }, { token: customer.token, ip: freshIp() })).json();
    expect((await call(FINANCE_CUSTOMER_ENDPOINTS.money, { id: child.datas.id })).datas.balances).toEqual({ availableFen: 23_000, reservedFen: 2_000 });

    const other = await newCustomer();
    expect((await call(FINANCE_CUSTOMER_ENDPOINTS.money, { id: other.id })).datas).toEqual({ balances: { availableFen: 0, reservedFen: 0 }, contract: null, movements: [] });
    expect(await call(FINANCE_CUSTOMER_ENDPOINTS.money, { id: 999_999 })).toMatchObject({ code: 404 });
  });
});
