import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_VALID_DAYS, BundleStatusSchema, type BundleEvidence } from "../../src/schema/bundle.js";
import { BUNDLE_TRANSITIONS, BundleStateError, bundleTransition, type BundleAction } from "../../src/schema/bundle-lifecycle.js";
import { ACCOUNT_LIMIT_MESSAGES, INSUFFICIENT_BALANCE_MESSAGE } from "../../src/schema/billing.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { EVIDENCE_TYPE } from "../../src/schema/lists.js";
import { PURCHASE_ENDPOINTS, PURCHASE_MESSAGES } from "../../src/schema/purchase.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "../../server/modules/billing/ledger-accounts.js";
import { BundleNotFoundError } from "../../server/modules/purchase/bundles.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let nextMobile = 13720000001;
let nextAttempt = 1;
const newCustomer = () => registerUser(t, String(nextMobile++));
const attempt = () => `attempt-${String(nextAttempt++).padStart(6, "0")}`;

const services = () => t.app.services;
const db = () => t.database.handle.db;
const snapshots = (count: number): BundleEvidence[] => Array.from({ length: count }, () => ({ evidenceType: EVIDENCE_TYPE.snapshot, pageCount: 1 }));

const buy = async (user: RegisteredUser, productCode: string, quantity: number, attemptId = attempt()) =>
  (await t.call(PURCHASE_ENDPOINTS.purchase, { uid: user.id, productCode, quantity, attemptId }, { token: user.token })).json();
const myPackages = async (user: RegisteredUser) => (await t.call(PURCHASE_ENDPOINTS.myPackages, { uid: user.id }, { token: user.token })).json().datas;
const purchaseTransactions = (userId: number) => db().selectFrom("money_transactions").selectAll().where("user_id", "=", userId).where("kind", "=", "purchase").execute();

async function customerWith(fen: number): Promise<RegisteredUser> {
  const user = await newCustomer();
  if (fen > 0) await services().billing.money.recharge(user.id, fen, `pay:${user.id}`);
  return user;
}

/** A customer holding one bundle of 10 snapshots; answers the customer and the bundle's id. */
async function bundleHolder() {
  const user = await customerWith(280_000);
  expect((await buy(user, "bundle-10", 1)).code).toBe(200);
  const [bundle] = (await myPackages(user)).bundles;
  return { user, bundleId: bundle.id as number };
}
const bundleState = async (id: number) => (await db().selectFrom("customer_bundles").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(async () => t.close());

// The journal invariant after every scenario.
afterEach(async () => {
  expect(await services().billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("the bundle state machine", () => {
  const legal: Record<string, string> = { "active expire": "expired", "active freeze": "frozen", "frozen unfreeze": "active", "frozen consume": "consumed" };
  const cases = BundleStatusSchema.options.flatMap((state) => (Object.keys(BUNDLE_TRANSITIONS) as BundleAction[]).map((action) => [state, action] as const));

  it("covers every state and action", () => expect(cases).toHaveLength(16));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = legal[`${state} ${action}`];
    if (to) expect(bundleTransition(state, action)).toBe(to);
    else expect(() => bundleTransition(state, action)).toThrow(BundleStateError);
  });
});

describe("the price list", () => {
  it("lists the packages unpriced and the bundles at their regular price after the 2017 promotion, the promotion dated", async () => {
    const user = await newCustomer();
    const { datas } = (await t.call(PURCHASE_ENDPOINTS.productPrices, { uid: user.id }, { token: user.token })).json();
    expect(datas.list.map((product: { code: string; priceFen: number | null }) => [product.code, product.priceFen])).toEqual([
      ["30001", null],
      ["30002", null],
      ["bundle-10", 280_000],
      ["bundle-30", 500_000],
      ["bundle-50", 800_000],
    ]);
    expect(datas.list[2].promotion).toEqual({ name: "首发优惠", start: "2017-09-15", end: "2017-11-15", priceFen: 150_000 });
  });

  it("gives the same list without a session, to the public activity and guidance pages; a price change shows there at once", async () => {
    const user = await newCustomer();
    const personal = (await t.call(PURCHASE_ENDPOINTS.productPrices, { uid: user.id }, { token: user.token })).json().datas;
    const anonymous = (await t.call(PURCHASE_ENDPOINTS.publicPrices, {})).json();
    expect(anonymous.code).toBe(200);
    expect(anonymous.datas).toEqual(personal);
    await db().updateTable("product_prices").set({ price_fen: 290_000 }).where("code", "=", "bundle-10").execute();
    try {
      const changed = (await t.call(PURCHASE_ENDPOINTS.publicPrices, {})).json().datas.list;
      expect(changed.find((product: { code: string }) => product.code === "bundle-10")).toMatchObject({ regularPriceFen: 290_000, priceFen: 290_000 });
    } finally {
      await db().updateTable("product_prices").set({ price_fen: 280_000 }).where("code", "=", "bundle-10").execute();
    }
  });

  it("prices a bundle at the promotion price within the promotion's dates (Shanghai)", async () => {
    const prices = await services().purchase.prices.list(Date.parse("2017-11-15T15:59:00Z"));
    expect(prices.find((product) => product.code === "bundle-30")!.priceFen).toBe(350_000);
    const after = await services().purchase.prices.list(Date.parse("2017-11-15T16:00:00Z"));
    expect(after.find((product) => product.code === "bundle-30")!.priceFen).toBe(500_000);
  });
});

describe("purchase", () => {
  it("pays from the balance to revenue in one purchase transaction and adds the bundles, valid 90 days", async () => {
    const user = await customerWith(600_000);
    const answer = await buy(user, "bundle-10", 2);
    expect(answer.code).toBe(200);
    expect(answer.datas).toMatchObject({ productCode: "bundle-10", quantity: 2, totalFen: 560_000, balanceFen: 40_000 });
    const [transaction] = await purchaseTransactions(user.id);
    const postings = await db().selectFrom("money_postings").select(["account", "amount_fen"]).where("transaction_id", "=", transaction.id).orderBy("id").execute();
    expect(postings).toEqual([
      { account: customerAccount(user.id, "available"), amount_fen: -560_000 },
      { account: PLATFORM_ACCOUNTS.revenue, amount_fen: 560_000 },
    ]);
    const { bundles } = await myPackages(user);
    expect(bundles).toHaveLength(2);
    for (const bundle of bundles) {
      expect(bundle).toMatchObject({ productCode: "bundle-10", snapshotLimit: 10, status: "active", purchasedAt: t.clock.now() });
      expect(bundle.expiresAt - bundle.purchasedAt).toBe(BUNDLE_VALID_DAYS * DAY);
    }
  });

  it("quantities accumulate over purchases", async () => {
    const user = await customerWith(1_300_000);
    await buy(user, "bundle-30", 1);
    await buy(user, "bundle-50", 1);
    expect((await myPackages(user)).bundles.map((bundle: { snapshotLimit: number }) => bundle.snapshotLimit)).toEqual([50, 30]);
  });

  it("debits once for one attempt, sent again or 20 times at once", async () => {
    const user = await customerWith(2_000_000);
    const attemptId = attempt();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(user, "bundle-10", 1, attemptId)));
    expect(new Set(answers.map((answer) => answer.code))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.datas.purchaseId)).size).toBe(1);
    expect((await buy(user, "bundle-10", 1, attemptId)).datas.purchaseId).toBe(answers[0].datas.purchaseId);
    expect(await purchaseTransactions(user.id)).toHaveLength(1);
    expect(await services().billing.journal.balanceOf(user.id)).toEqual({ availableFen: 2_000_000 - 280_000, reservedFen: 0 });
    expect((await myPackages(user)).bundles).toHaveLength(1);
  });

  it("refuses when the balance does not cover it, changing nothing", async () => {
    const user = await customerWith(279_999);
    const answer = await buy(user, "bundle-10", 1);
    expect(answer).toMatchObject({ code: 301, message: INSUFFICIENT_BALANCE_MESSAGE });
    expect(await purchaseTransactions(user.id)).toEqual([]);
    expect(await services().billing.journal.balanceOf(user.id)).toEqual({ availableFen: 279_999, reservedFen: 0 });
    expect(await myPackages(user)).toEqual({ packages: [], bundles: [] });
  });

  it("refuses a sub-account (305): paid products belong to the main account", async () => {
    const owner = await customerWith(1_000_000);
    const { encryptPassword } = await encryptorFor(t);
    const account = String(nextMobile++);
    await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "采集专员", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() });
    const childId = (await services().accounts.records.findByAccount(account))!.id;
    await expect(services().purchase.purchases.purchase(childId, { productCode: "bundle-10", quantity: 1, attemptId: attempt() })).rejects.toMatchObject({
      code: 305,
      message: ACCOUNT_LIMIT_MESSAGES[305],
    });
    expect(await services().billing.journal.balanceOf(owner.id)).toEqual({ availableFen: 1_000_000, reservedFen: 0 });
  });

  it("refuses a product that is not priced or does not exist (309), and a bad quantity (1001)", async () => {
    const user = await customerWith(1_000_000);
    for (const code of ["30001", "30002", "bundle-99"]) expect(await buy(user, code, 1)).toMatchObject({ code: 309, message: PURCHASE_MESSAGES.productUnavailable });
    for (const quantity of [0, -1, 1.5, 1000]) expect((await buy(user, "bundle-10", quantity)).code).toBe(1001);
    expect(await purchaseTransactions(user.id)).toEqual([]);
  });

  it("accumulates a package's counts once an operator has priced it", async () => {
    await db().updateTable("product_prices").set({ price_fen: 10_000, unit_count: 20 }).where("code", "=", "30001").execute();
    try {
      const user = await customerWith(100_000);
      await buy(user, "30001", 2);
      await buy(user, "30001", 1);
      expect((await myPackages(user)).packages).toEqual([{ productCode: "30001", name: "快照保全套餐", purchasedCount: 60, remainingCount: 60 }]);
      expect(await services().billing.journal.balanceOf(user.id)).toEqual({ availableFen: 70_000, reservedFen: 0 });
    } finally {
      await db().updateTable("product_prices").set({ price_fen: null, unit_count: 1 }).where("code", "=", "30001").execute();
    }
  });
});

describe("the bundle lifecycle through the service", () => {
  const bundles = () => services().purchase.bundles;

  it("freezes for an application, unfreezes on rejection, freezes again and is consumed on approval with a notice", async () => {
    const { user, bundleId } = await bundleHolder();
    await bundles().freeze(bundleId, user.id, "notarisation:1", snapshots(10));
    expect(await bundleState(bundleId)).toBe("frozen");
    await bundles().unfreeze(bundleId, "notarisation:1");
    expect(await bundleState(bundleId)).toBe("active");
    await bundles().freeze(bundleId, user.id, "notarisation:2", snapshots(3));
    await bundles().consume(bundleId, "notarisation:2");
    expect((await myPackages(user)).bundles[0].status).toBe("consumed");
    const outbox = (await t.call(DEV_ENDPOINTS.outbox, { to: user.account })).json().datas.list as { text: string }[];
    expect(outbox.some((message) => message.text.includes(`公证套餐（编号${bundleId}）`))).toBe(true);
  });

  it("refuses illegal moves: consume an active bundle, freeze a frozen one, unfreeze or consume for another application", async () => {
    const { user, bundleId } = await bundleHolder();
    await expect(bundles().consume(bundleId, "notarisation:x")).rejects.toThrow(BundleStateError);
    await bundles().freeze(bundleId, user.id, "notarisation:a", snapshots(1));
    await expect(bundles().freeze(bundleId, user.id, "notarisation:b", snapshots(1))).rejects.toThrow(BundleStateError);
    await expect(bundles().unfreeze(bundleId, "notarisation:b")).rejects.toThrow(BundleNotFoundError);
    await expect(bundles().consume(bundleId, "notarisation:b")).rejects.toThrow(BundleNotFoundError);
    await bundles().consume(bundleId, "notarisation:a");
    await expect(bundles().unfreeze(bundleId, "notarisation:a")).rejects.toThrow(BundleStateError);
  });

  it("refuses another account's bundle and evidences the use rule does not accept", async () => {
    const { user, bundleId } = await bundleHolder();
    const stranger = await newCustomer();
    await expect(bundles().freeze(bundleId, stranger.id, "notarisation:s", snapshots(1))).rejects.toThrow(BundleNotFoundError);
    await expect(bundles().freeze(bundleId, user.id, "notarisation:s", snapshots(11))).rejects.toMatchObject({ code: 1001 });
    await expect(bundles().freeze(bundleId, user.id, "notarisation:s", [{ evidenceType: EVIDENCE_TYPE.snapshot, pageCount: 2 }])).rejects.toMatchObject({ code: 1001 });
    expect(await bundleState(bundleId)).toBe("active");
  });

  it("expires after 90 days, on read and by housekeeping, while a frozen bundle waits for its application", async () => {
    const first = await bundleHolder();
    const second = await bundleHolder();
    const third = await bundleHolder();
    await bundles().freeze(third.bundleId, third.user.id, "notarisation:held", snapshots(1));
    t.clock.advance(BUNDLE_VALID_DAYS * DAY - 1);
    // The sessions have long ended: read through the service the route calls.
    const statusOf = async (user: RegisteredUser) => (await bundles().owned(user.id))[0].status;
    expect(await statusOf(first.user)).toBe("active");
    t.clock.advance(1);
    await expect(bundles().freeze(second.bundleId, second.user.id, "notarisation:late", snapshots(1))).rejects.toThrow(BundleStateError);
    expect(await statusOf(first.user)).toBe("expired");
    expect(await bundleState(second.bundleId)).toBe("active");
    expect(await bundles().expireDue()).toBeGreaterThanOrEqual(1);
    expect(await bundleState(second.bundleId)).toBe("expired");
    expect(await bundleState(third.bundleId)).toBe("frozen");
    await bundles().consume(third.bundleId, "notarisation:held");
    expect(await bundleState(third.bundleId)).toBe("consumed");
  });
});
