import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerAccount, PLATFORM_ACCOUNTS } from "../../server/modules/billing/ledger-accounts.js";
import { BILLING_ENDPOINTS } from "../../src/schema/billing.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { decideInConsole } from "./support/identity-review.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, passwordLogin, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createOperator } from "./support/operator.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const TEXT_MONITORING = 40001;

let t: TestApp;
let verified: RegisteredUser;
let unverified: RegisteredUser;
let childToken: string;
let childId: number;
let operatorId: number;

/** Real-name verification the way a user gets it: submission, then a reviewer's approval in the console. */
async function verifyRealName(user: RegisteredUser, first17: string) {
  const submitted = await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "王五", idNumber: first17 + nationalIdCheckChar(first17) }, { token: user.token });
  expect(submitted.json().code).toBe(200);
  expect((await decideInConsole(t, user.account, "approve")).json().code).toBe(200);
}

/** A sub-account of `owner`, logged in through "next time" after its first-login 3011. */
async function createLoggedInChild(owner: RegisteredUser, account: string) {
  const { encrypt, encryptPassword } = await encryptorFor(t);
  const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "监测专员", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() })).json();
  expect(created.code).toBe(200);
  expect((await passwordLogin(t, account, "init1234")).code).toBe(3011);
  const delayed = (
    await t.call(ACCOUNT_ENDPOINTS.delaysUpdatePwd, { encryptAccount: encrypt(account), encryptPassword: encryptPassword("init1234"), ipAddress: "", account }, { ip: freshIp() })
  ).json();
  expect(delayed.code).toBe(200);
  return { id: created.datas.id as number, token: delayed.datas.token as string };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  verified = await registerUser(t, "13600000001");
  unverified = await registerUser(t, "13600000002");
  await verifyRealName(verified, "11010119850101123");
  ({ id: childId, token: childToken } = await createLoggedInChild(verified, "13600000003"));
  operatorId = (await createOperator(t)).id;
});
afterAll(async () => t.close());

const getBalance = (user: { id: number; token: string }, uid = user.id) => t.call(BILLING_ENDPOINTS.getBalance, { uid }, { token: user.token });
const accountStatus = (user: { id: number; token: string }, query: Record<string, unknown> = {}) =>
  t.call(BILLING_ENDPOINTS.accountStatus, { uid: user.id, productCode: TEXT_MONITORING, count: 1, ...query }, { token: user.token });
/**
 * Brings an account to a balance with one journal entry (a debt as migration 0019 carried one
 * over: an operator's adjustment may not debit below zero), and records or terminates its contract.
 */
async function setBilling(user: { id: number }, changes: { balanceFen?: number; hasOfflineContract?: boolean }) {
  const { contracts, journal } = t.app.services.billing;
  const db = t.app.database.db;
  const mainId = (await t.app.services.accounts.records.findUser(user.id))?.parent_id ?? user.id;
  const inForce = await contracts.inForce(mainId);
  const by = { id: operatorId, account: "测试" };
  if (changes.hasOfflineContract === true && !inForce) {
    const contract = { userId: mainId, contractNo: `HT-${mainId}-${++contractCount}`, signingParty: "测试签约方", termStart: "2000-01-01", termEnd: "2099-12-31", creditLimitFen: 0, remark: null };
    await db.transaction().execute((trx) => contracts.record(trx, contract, by));
  }
  if (changes.hasOfflineContract === false && inForce) await db.transaction().execute((trx) => contracts.terminate(trx, inForce.id, "测试结束合同", by));
  if (changes.balanceFen === undefined) return;
  const difference = changes.balanceFen - (await journal.balanceOf(mainId)).availableFen;
  if (difference === 0) return;
  await db.transaction().execute((trx) =>
    journal.post(trx, {
      kind: "opening",
      idempotencyKey: `test-balance:${mainId}:${randomUUID()}`,
      postings: [
        { account: PLATFORM_ACCOUNTS.adjustments, amountFen: -difference },
        { account: customerAccount(mainId, "available"), amountFen: difference },
      ],
      actor: { userId: mainId },
    }),
  );
}
let contractCount = 0;

describe("getBalance", () => {
  it("answers 0 for a new account, in yuan and in fen, without writing anything", async () => {
    expect((await getBalance(unverified)).json()).toEqual({ code: 200, message: "成功", datas: { list: { balance: "0.00", balanceFen: 0 } } });
    const rows = await t.database.handle.db.selectFrom("billing_accounts").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it.each([
    [150_000, "1500.00"],
    [5, "0.05"],
    [-1250, "-12.50"],
    [123_456_789, "1234567.89"],
  ])("answers a stored balance of %i fen as %s yuan", async (fen, yuan) => {
    await setBilling(verified, { balanceFen: fen });
    expect((await getBalance(verified)).json().datas).toEqual({ list: { balance: yuan, balanceFen: fen } });
  });

  it("refuses another user's uid and shows nothing of that account", async () => {
    await setBilling(verified, { balanceFen: 88_800 });
    const response = (await getBalance(unverified, verified.id)).json();
    expect(response).toMatchObject({ code: 1001, message: "用户信息与当前登录不一致", datas: null, extraData: { errors: { uid: "用户信息与当前登录不一致" } } });
    expect(JSON.stringify(response)).not.toContain("888");
  });

  it("needs a session and a signature", async () => {
    expect((await t.call(BILLING_ENDPOINTS.getBalance, { uid: verified.id })).json()).toMatchObject({ code: 102 });
    const unsigned = await t.app.inject({ method: "GET", url: `${webapiPath(BILLING_ENDPOINTS.getBalance)}?uid=${verified.id}&token=${verified.token}` });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 4001 });
  });
});

describe("accountStatus", () => {
  // Each case: how the account stands, then the code and message accountStatus answers.
  it.each([
    ["an unknown product", () => verified, { balanceFen: 10_000 }, { productCode: 99999 }, 309, "该产品不存在或尚未开通"],
    ["a sub-account, even of a funded main account", () => ({ id: childId, token: childToken }), { balanceFen: 10_000 }, {}, 305, "子账号不能开通付费服务，请使用主账号操作"],
    ["an account without real-name verification, even with money", () => unverified, { balanceFen: 10_000 }, {}, 304, "账号尚未完成实名认证，请先完成个人或企业实名认证"],
    ["a verified account with no money and no contract", () => verified, { balanceFen: 0, hasOfflineContract: false }, {}, 301, "账户余额不足，请先充值（已签订线下合同的账户不受此限）"],
    ["a verified account in debt without a contract", () => verified, { balanceFen: -100, hasOfflineContract: false }, {}, 301, "账户余额不足，请先充值（已签订线下合同的账户不受此限）"],
    ["a verified account with a balance", () => verified, { balanceFen: 1, hasOfflineContract: false }, {}, 200, "账户可以使用该产品"],
    ["a verified account with an offline contract and no money", () => verified, { balanceFen: 0, hasOfflineContract: true }, {}, 200, "账户可以使用该产品"],
    ["a verified account with an offline contract in debt", () => verified, { balanceFen: -50_000, hasOfflineContract: true }, {}, 200, "账户可以使用该产品"],
  ])("%s → %s", async (_case, who, billing, query, code, message) => {
    const user = who();
    await setBilling(user, billing);
    expect((await accountStatus(user, query)).json()).toEqual({ code, message, datas: null });
  });

  it("counts an organisation verification as verified", async () => {
    const organisation = await registerUser(t, "org@example.com");
    await setBilling(organisation, { balanceFen: 100 });
    expect((await accountStatus(organisation)).json().code).toBe(304);
    await t.database.handle.db.updateTable("users").set({ enterprise_status: 2 }).where("id", "=", organisation.id).execute();
    expect((await accountStatus(organisation)).json().code).toBe(200);
  });

  it("refuses another user's uid", async () => {
    const response = (await t.call(BILLING_ENDPOINTS.accountStatus, { uid: verified.id, productCode: TEXT_MONITORING, count: 1 }, { token: unverified.token })).json();
    expect(response).toMatchObject({ code: 1001, message: "用户信息与当前登录不一致" });
  });

  it.each([
    [{ productCode: "abc" }, "productCode", "产品编号不正确"],
    [{ count: 0 }, "count", "数量须为正整数"],
    [{ count: 1.5 }, "count", "数量须为正整数"],
    [{ count: 10_001 }, "count", "数量不超过10000"],
  ])("refuses %j with its message", async (query, field, message) => {
    expect((await accountStatus(verified, query)).json()).toMatchObject({ code: 1001, extraData: { errors: { [field]: message } } });
  });

  it("needs a session and a signature", async () => {
    expect((await t.call(BILLING_ENDPOINTS.accountStatus, { uid: verified.id, productCode: TEXT_MONITORING, count: 1 })).json()).toMatchObject({ code: 102 });
    const query = `uid=${verified.id}&productCode=${TEXT_MONITORING}&count=1&token=${verified.token}&timestamp=${t.clock.now()}&signature=0000`;
    const forged = await t.app.inject({ method: "GET", url: `${webapiPath(BILLING_ENDPOINTS.accountStatus)}?${query}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 4002 });
  });
});
