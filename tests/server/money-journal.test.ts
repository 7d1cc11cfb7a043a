import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BILLING_ENDPOINTS } from "../../src/schema/billing.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { Billing } from "../../server/modules/billing/billing.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "../../server/modules/billing/ledger-accounts.js";
import { JournalEntryError, MoneyJournal } from "../../server/modules/billing/money-journal.js";
import {
  RESERVATION_STATES,
  ReservationExpiredError,
  RESERVATION_TRANSITIONS,
  ReservationStateError,
  reservationTransition,
  type ReservationAction,
} from "../../server/modules/billing/reservation-states.js";
import { encryptorFor } from "./support/login-client.js";
import { createOperator } from "./support/operator.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const MINUTE = 60_000;

let t: TestApp;
let nextMobile = 13700000001;
const newCustomer = () => registerUser(t, String(nextMobile++));

const services = () => t.app.services.billing;
const db = () => t.database.handle.db;
const capture = (reference: string, expiresInMs = 15 * MINUTE) => ({ service: "capture", reference, expiresAt: t.clock.now() + expiresInMs });
const reservationRow = (id: number) => db().selectFrom("money_reservations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const transactionRow = (id: number) => db().selectFrom("money_transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const postingsOf = (transactionId: number) =>
  db().selectFrom("money_postings").select(["account", "amount_fen"]).where("transaction_id", "=", transactionId).orderBy("id").execute();
const platformBalance = async (account: string) => {
  const rows = await db().selectFrom("money_postings").select("amount_fen").where("account", "=", account).execute();
  return rows.reduce((sum, row) => sum + Number(row.amount_fen), 0);
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(async () => t.close());

// The journal invariant after every scenario: the caches and open reservations agree with the postings.
afterEach(async () => {
  expect(await services().journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("the reservation state machine", () => {
  const legal: Record<string, string> = { "reserved settle": "settled", "reserved release": "released", "reserved expire": "expired" };
  const cases = RESERVATION_STATES.flatMap((state) => (Object.keys(RESERVATION_TRANSITIONS) as ReservationAction[]).map((action) => [state, action] as const));

  it("has exactly the three edges out of reserved", () => expect(cases).toHaveLength(12));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = legal[`${state} ${action}`];
    if (to) expect(reservationTransition(state, action).to).toBe(to);
    else expect(() => reservationTransition(state, action)).toThrow(ReservationStateError);
  });
});

describe("recharge", () => {
  it("moves cash-in to the customer's available balance, which getBalance answers", async () => {
    const user = await newCustomer();
    const cashBefore = await platformBalance(PLATFORM_ACCOUNTS.cashIn);
    const { transactionId, posted } = await services().money.recharge(user.id, 10_000, "pay:order-1");
    expect(posted).toBe(true);
    expect(await postingsOf(transactionId)).toEqual([
      { account: PLATFORM_ACCOUNTS.cashIn, amount_fen: -10_000 },
      { account: customerAccount(user.id, "available"), amount_fen: 10_000 },
    ]);
    expect(await platformBalance(PLATFORM_ACCOUNTS.cashIn)).toBe(cashBefore - 10_000);
    const balance = (await t.call(BILLING_ENDPOINTS.getBalance, { uid: user.id }, { token: user.token })).json();
    expect(balance.datas).toEqual({ list: { balance: "100.00", balanceFen: 10_000 } });
  });

  it("posted 100 times concurrently under one key moves the balance once", async () => {
    const user = await newCustomer();
    const results = await Promise.all(Array.from({ length: 100 }, () => services().money.recharge(user.id, 5_000, "pay:duplicate-notification")));
    expect(results.filter((result) => result.posted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 5_000, reservedFen: 0 });
    const rows = await db().selectFrom("money_transactions").select("id").where("idempotency_key", "=", "pay:duplicate-notification").execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses an amount that is not a positive whole number of fen, writing nothing", async () => {
    const user = await newCustomer();
    for (const fen of [0, -1, 1.5, Number.NaN]) await expect(services().money.recharge(user.id, fen, `bad:${fen}`)).rejects.toThrow(RangeError);
    expect(await db().selectFrom("money_transactions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });
});

describe("reserve, settle and release", () => {
  it("holds money, then charges it to revenue on settle", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const revenueBefore = await platformBalance(PLATFORM_ACCOUNTS.revenue);
    const id = await services().money.reserve(user.id, 300, capture("c-settle"));
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 700, reservedFen: 300 });
    await services().money.settle(id);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 700, reservedFen: 0 });
    expect(await platformBalance(PLATFORM_ACCOUNTS.revenue)).toBe(revenueBefore + 300);
    const row = await reservationRow(id);
    expect(row.state).toBe("settled");
    expect((await transactionRow(row.close_transaction_id!)).kind).toBe("charge");
  });

  it("hands the money back on release: a failed capture costs nothing", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const id = await services().money.reserve(user.id, 400, capture("c-release"));
    await services().money.release(id);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 1_000, reservedFen: 0 });
    expect((await reservationRow(id)).state).toBe("released");
  });

  it.each([
    ["settle", "settle"],
    ["settle", "release"],
    ["release", "settle"],
    ["release", "release"],
  ] as const)("refuses %s after %s and moves nothing", async (first, second) => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const id = await services().money.reserve(user.id, 100, capture(`c-${first}-${second}`));
    await services().money[first](id);
    const before = await services().journal.balanceOf(user.id);
    await expect(services().money[second](id)).rejects.toThrow(ReservationStateError);
    expect(await services().journal.balanceOf(user.id)).toEqual(before);
  });

  it("refuses a malformed amount, service or reference before touching anything", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const bad = [
      [0, capture("c-zero")],
      [10.5, capture("c-fraction")],
      [10, { ...capture("c-x"), service: "" }],
      [10, { ...capture("c-x"), service: "Capture Service" }],
      [10, capture("")],
      [10, capture("r".repeat(129))],
    ] as const;
    for (const [fen, request] of bad) await expect(services().money.reserve(user.id, fen, request)).rejects.toThrow(RangeError);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 1_000, reservedFen: 0 });
  });

  it("answers the first reservation when the same service reference is reserved again", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const first = await services().money.reserve(user.id, 200, capture("c-retry"));
    expect(await services().money.reserve(user.id, 200, capture("c-retry"))).toBe(first);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 800, reservedFen: 200 });
  });

  it("refuses with 301 and the message when the available balance does not cover it, changing nothing", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 100, `pay:${user.id}`);
    await expect(services().money.reserve(user.id, 101, capture("c-too-much"))).rejects.toMatchObject({
      code: 301,
      message: "账户可用余额不足，请先充值后再使用该服务",
    });
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 100, reservedFen: 0 });
    expect(await db().selectFrom("money_reservations").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("lets an offline contract's credit carry charges below zero, and no further", async () => {
    const user = await newCustomer();
    const contract = { userId: user.id, contractNo: `HT-${user.id}`, signingParty: "测试签约方", termStart: "2000-01-01", termEnd: "2099-12-31", creditLimitFen: 5_000, remark: null };
    await db().transaction().execute((trx) => services().contracts.record(trx, contract, { id: null, account: "测试" }));
    const id = await services().money.reserve(user.id, 5_000, capture("c-credit"));
    await expect(services().money.reserve(user.id, 1, capture("c-credit-over"))).rejects.toMatchObject({ code: 301 });
    await services().money.settle(id);
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: -5_000, reservedFen: 0 });
    const status = await t.call(BILLING_ENDPOINTS.getBalance, { uid: user.id }, { token: user.token });
    expect(status.json().datas.list).toEqual({ balance: "-50.00", balanceFen: -5_000 });
  });

  it("100 concurrent reservations against a balance covering 30 of them: exactly 30 succeed and nothing goes negative", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 3_050, `pay:${user.id}`);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => services().money.reserve(user.id, 100, capture(`c-race-${i}`))));
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(30);
    expect(refused).toHaveLength(70);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 301 });
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 50, reservedFen: 3_000 });
    const open = await db().selectFrom("money_reservations").select("id").where("user_id", "=", user.id).where("state", "=", "reserved").execute();
    expect(open).toHaveLength(30);
    // Settling half and releasing the rest concurrently keeps every fen accounted for.
    await Promise.all(open.map(({ id }, i) => (i % 2 === 0 ? services().money.settle(id) : services().money.release(id))));
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 1_550, reservedFen: 0 });
  });
});

describe("a crash between reserve and settle", () => {
  it("leaves a reservation that the housekeeping job expires back to the available balance, never charged", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 1_000, `pay:${user.id}`);
    const id = await services().money.reserve(user.id, 600, capture("c-crash", 15 * MINUTE));

    // The capture process died; a fresh service instance (a restarted server) comes up later.
    const journal = new MoneyJournal(db(), t.clock.now);
    const restarted = new Billing({ db: db(), journal, users: t.app.services.accounts.records, contracts: services().contracts, now: t.clock.now });
    t.clock.advance(14 * MINUTE);
    expect(await restarted.expireStale()).toBe(0);
    t.clock.advance(2 * MINUTE);
    await expect(restarted.settle(id)).rejects.toThrow(ReservationExpiredError);
    const revenueBefore = await platformBalance(PLATFORM_ACCOUNTS.revenue);
    expect(await restarted.expireStale()).toBeGreaterThanOrEqual(1);
    expect(await restarted.expireStale()).toBe(0);

    const row = await reservationRow(id);
    expect(row.state).toBe("expired");
    expect((await transactionRow(row.close_transaction_id!)).kind).toBe("expire");
    expect(await journal.balanceOf(user.id)).toEqual({ availableFen: 1_000, reservedFen: 0 });
    expect(await platformBalance(PLATFORM_ACCOUNTS.revenue)).toBe(revenueBefore);
    await expect(restarted.settle(id)).rejects.toThrow(ReservationStateError);
  });
});

describe("sub-accounts", () => {
  async function createChild(owner: RegisteredUser, account: string) {
    const { encryptPassword } = await encryptorFor(t);
    const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "采集专员", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() })).json();
    expect(created.code).toBe(200);
    return created.datas.id as number;
  }

  it("spend from the main account, and the journal records which sub-account spent what", async () => {
    const owner = await newCustomer();
    const childId = await createChild(owner, String(nextMobile++));
    await services().money.recharge(owner.id, 2_000, `pay:${owner.id}`);

    const id = await services().money.reserve(childId, 700, capture("c-child"));
    await services().money.settle(id);
    expect(await services().journal.balanceOf(owner.id)).toEqual({ availableFen: 1_300, reservedFen: 0 });
    expect(await services().journal.balanceOf(childId)).toEqual({ availableFen: 0, reservedFen: 0 });

    const row = await reservationRow(id);
    expect(row).toMatchObject({ user_id: owner.id, sub_account_id: childId });
    for (const transactionId of [row.reserve_transaction_id, row.close_transaction_id!]) {
      expect(await transactionRow(transactionId)).toMatchObject({ user_id: owner.id, sub_account_id: childId });
    }
    const charged = await db()
      .selectFrom("money_transactions")
      .innerJoin("money_postings", "money_postings.transaction_id", "money_transactions.id")
      .select(["money_transactions.sub_account_id", "money_postings.amount_fen"])
      .where("money_transactions.kind", "=", "charge")
      .where("money_postings.account", "=", PLATFORM_ACCOUNTS.revenue)
      .where("money_transactions.user_id", "=", owner.id)
      .execute();
    expect(charged).toEqual([{ sub_account_id: childId, amount_fen: 700 }]);
  });
});

describe("the journal itself", () => {
  it("refuses an entry whose postings do not sum to zero, writing nothing", async () => {
    const user = await newCustomer();
    const entry = {
      kind: "adjustment" as const,
      idempotencyKey: "unbalanced",
      postings: [
        { account: PLATFORM_ACCOUNTS.adjustments, amountFen: -100 },
        { account: customerAccount(user.id, "available"), amountFen: 99 },
      ],
    };
    await expect(db().transaction().execute((trx) => services().journal.post(trx, entry))).rejects.toThrow(JournalEntryError);
    expect(await services().journal.find(db(), "unbalanced")).toBeUndefined();
    const balanced = { ...entry, postings: [entry.postings[0], { ...entry.postings[1], amountFen: 100 }] };
    for (const idempotencyKey of ["", "k".repeat(201)]) {
      await expect(db().transaction().execute((trx) => services().journal.post(trx, { ...balanced, idempotencyKey }))).rejects.toThrow(JournalEntryError);
    }
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 0, reservedFen: 0 });
  });

  it("records an operator's adjustment with the operator and the reason, and never debits below zero", async () => {
    const user = await newCustomer();
    const operator = await createOperator(t);
    await services().money.recharge(user.id, 3_000, `pay:${user.id}`);
    const { transactionId } = await services().money.adjust(user.id, -2_500, "  线下退款冲回 ", { id: operator.id });
    expect(await transactionRow(transactionId)).toMatchObject({ kind: "adjustment", user_id: user.id, operator_id: operator.id, memo: "线下退款冲回" });
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 500, reservedFen: 0 });
    await expect(services().money.adjust(user.id, -501, "再次冲回", { id: operator.id })).rejects.toMatchObject({ code: 1001, message: "扣减后客户可用余额将低于零：其可用余额为 5.00 元，最多可扣减 5.00 元" });
    expect(await services().journal.balanceOf(user.id)).toEqual({ availableFen: 500, reservedFen: 0 });
    await expect(services().money.adjust(user.id, 100, " ", { id: operator.id })).rejects.toThrow("调整余额须写明原因");
  });

  it("verifyBalances notices a cache that disagrees with the postings", async () => {
    const user = await newCustomer();
    await services().money.recharge(user.id, 800, `pay:${user.id}`);
    await db().updateTable("billing_accounts").set({ balance_fen: 900 }).where("user_id", "=", user.id).execute();
    expect(await services().journal.verifyBalances()).toEqual({ ok: false, problems: [`customer ${user.id}: cached available 900 ≠ journal 800`] });
    await db().updateTable("billing_accounts").set({ balance_fen: 800 }).where("user_id", "=", user.id).execute();
  });
});
