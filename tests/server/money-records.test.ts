import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { MAIN_ACCOUNT_LABEL, MONEY_RECORD_ENDPOINTS as E, MONEY_RECORD_EXPORT_TOO_MANY } from "../../src/schema/money-records.js";
import { TIME_RANGE_MESSAGE } from "../../src/schema/time-range.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "../../server/modules/billing/ledger-accounts.js";
import { MoneyRecordsRepository } from "../../server/modules/billing/money-records.repository.js";
import { MoneyRecordsService } from "../../server/modules/billing/money-records.service.js";
import { encryptorFor } from "./support/login-client.js";
import { freshIp, passwordLogin, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: RegisteredUser;
let child: { id: number; token: string; account: string };
let stranger: RegisteredUser;

const services = () => t.app.services.billing;
const listOf = async (endpoint: (typeof E)[keyof typeof E]["list"], params: Record<string, unknown>, token: string) => (await t.call(endpoint, params, { token })).json();

/** A purchase as the bundles' purchase posts it: straight through the journal. */
async function purchase(userId: number, fen: number, key: string) {
  await t.database.handle.db.transaction().execute((trx) =>
    services().journal.post(trx, {
      kind: "purchase",
      idempotencyKey: key,
      postings: [
        { account: customerAccount(userId, "available"), amountFen: -fen },
        { account: PLATFORM_ACCOUNTS.revenue, amountFen: fen },
      ],
      memo: "公证套餐（1次公证+10次快照）",
      actor: { userId },
    }),
  );
}

async function charge(actingUserId: number, fen: number, reference: string) {
  const id = await services().money.reserve(actingUserId, fen, { service: "capture", reference, expiresAt: t.clock.now() + 15 * 60_000 });
  await services().money.settle(id);
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  // The test clock starts 2026-11-22 10:00 in Shanghai.
  owner = await registerUser(t, "13700000501");
  stranger = await registerUser(t, "13700000502");
  const { encryptPassword } = await encryptorFor(t);
  const childAccount = "13700000503";
  const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: childAccount, name: "采集专员", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() })).json();
  expect(created.code).toBe(200);
  child = { id: created.datas.id, token: "", account: childAccount };

  await services().money.recharge(owner.id, 10_000, "records:recharge-1"); // 2026-11-22
  t.clock.advance(DAY);
  await purchase(owner.id, 3_000, "records:purchase-1"); // 2026-11-23
  t.clock.advance(DAY);
  await charge(child.id, 700, "records-child-1"); // 2026-11-24
  t.clock.advance(60_000);
  await charge(owner.id, 500, "records-owner-1");
  // A released reservation moved no money: it is no record.
  const released = await services().money.reserve(owner.id, 200, { service: "capture", reference: "records-released", expiresAt: t.clock.now() + 60_000 });
  await services().money.release(released);
  await services().money.recharge(stranger.id, 99_900, "records:stranger");

  // Days passed: the sessions of the first day are over, so everybody signs in again.
  owner = { ...owner, token: (await passwordLogin(t, owner.account, owner.password)).datas.token };
  stranger = { ...stranger, token: (await passwordLogin(t, stranger.account, stranger.password)).datas.token };
  // "Next time" after the sub-account's first login (3011) signs it in.
  expect((await passwordLogin(t, childAccount, "init1234")).code).toBe(3011);
  const { encrypt } = await encryptorFor(t);
  const delayed = (
    await t.call(ACCOUNT_ENDPOINTS.delaysUpdatePwd, { encryptAccount: encrypt(childAccount), encryptPassword: encryptPassword("init1234"), ipAddress: "", account: childAccount }, { ip: freshIp() })
  ).json();
  child = { ...child, token: delayed.datas.token };
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await services().journal.verifyBalances()).toEqual({ ok: true, problems: [] });
});

describe("the record lists", () => {
  it("show the main account's recharges, purchases and charges with totals in fen", async () => {
    const charges = await listOf(E.charge.list, {}, owner.token);
    expect(charges).toMatchObject({ code: 200, datas: { totalRow: 1, totalPage: 1, pageNumber: 1 }, extraData: { totalFen: 10_000, totalRow: 1 } });
    expect(charges.datas.list).toEqual([
      { id: expect.any(Number), kind: "recharge", amountFen: 10_000, memo: "在线充值", spender: MAIN_ACCOUNT_LABEL, createTime: Date.UTC(2026, 10, 22, 2, 0, 0) },
    ]);

    const purchases = await listOf(E.purchase.list, {}, owner.token);
    expect(purchases.datas.list).toMatchObject([{ kind: "purchase", amountFen: 3_000, memo: "公证套餐（1次公证+10次快照）" }]);
    expect(purchases.extraData).toEqual({ totalFen: 3_000, totalRow: 1 });

    const expenses = await listOf(E.expense.list, {}, owner.token);
    // Newest first; the released reservation is not there.
    expect(expenses.datas.list).toMatchObject([
      { kind: "charge", amountFen: 500, spender: MAIN_ACCOUNT_LABEL },
      { kind: "charge", amountFen: 700, spender: child.account },
    ]);
    expect(expenses.extraData).toEqual({ totalFen: 1_200, totalRow: 2 });
  });

  it("show a sub-account only what it spent itself (spec §6)", async () => {
    const expenses = await listOf(E.expense.list, {}, child.token);
    expect(expenses.datas.list).toMatchObject([{ kind: "charge", amountFen: 700, spender: child.account }]);
    expect(expenses.extraData).toEqual({ totalFen: 700, totalRow: 1 });
    expect((await listOf(E.charge.list, {}, child.token)).datas).toMatchObject({ list: [], totalRow: 0, totalPage: 0 });
  });

  it("never show another customer's money", async () => {
    const charges = await listOf(E.charge.list, {}, stranger.token);
    expect(charges.datas.list).toMatchObject([{ amountFen: 99_900 }]);
    expect((await listOf(E.expense.list, {}, stranger.token)).extraData).toEqual({ totalFen: 0, totalRow: 0 });
  });

  it("filter by Shanghai calendar days, inclusive at both ends, with the totals of the range", async () => {
    const day = (date: string) => ({ startTime: date, endTime: date });
    expect((await listOf(E.charge.list, day("2026-11-22"), owner.token)).extraData).toEqual({ totalFen: 10_000, totalRow: 1 });
    expect((await listOf(E.charge.list, day("2026-11-23"), owner.token)).extraData).toEqual({ totalFen: 0, totalRow: 0 });
    expect((await listOf(E.purchase.list, { startTime: "2026-11-23", endTime: "2026-11-24" }, owner.token)).extraData).toEqual({ totalFen: 3_000, totalRow: 1 });
    expect((await listOf(E.expense.list, day("2026-11-23"), owner.token)).datas.list).toEqual([]);
  });

  it("page, with the totals of the whole range on every page", async () => {
    const second = await listOf(E.expense.list, { pageNumber: 2, pageSize: 10 }, owner.token);
    expect(second).toMatchObject({ datas: { list: [], pageNumber: 2, totalRow: 2, totalPage: 1 }, extraData: { totalFen: 1_200 } });
  });

  it("refuse a half-open or reversed range with the spec's messages", async () => {
    expect(await listOf(E.charge.list, { startTime: "2026-11-22" }, owner.token)).toMatchObject({ code: 1001, message: TIME_RANGE_MESSAGE.stopRequired });
    expect(await listOf(E.charge.list, { startTime: "2026-11-24", endTime: "2026-11-22" }, owner.token)).toMatchObject({
      code: 1001,
      message: TIME_RANGE_MESSAGE.startAfterStop,
    });
  });

  it("need a session", async () => {
    expect((await t.call(E.charge.list, {})).json().code).toBe(102);
  });
});

describe("the .xlsx export", () => {
  async function workbookOf(endpoint: (typeof E)[keyof typeof E]["export"], params: Record<string, unknown>, token: string) {
    const response = await t.get(webapiPath(endpoint), params, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }
  const rowsOf = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1, 6));

  it("is a real workbook with the records of the range and their total", async () => {
    const sheet = await workbookOf(E.expense.export, {}, owner.token);
    expect(sheet.name).toBe("消费记录");
    expect(rowsOf(sheet)).toEqual([
      ["流水号", "类型", "金额（元）", "说明", "操作账号"],
      [expect.any(Number), "服务消费", 5, "capture records-owner-1", MAIN_ACCOUNT_LABEL],
      [expect.any(Number), "服务消费", 7, "capture records-child-1", child.account],
      ["合计", "2 条", 12],
    ]);
    expect(sheet.getCell("C2").numFmt).toBe("#,##0.00");
  });

  it("applies the filters and the sub-account's scope", async () => {
    expect(rowsOf(await workbookOf(E.charge.export, { startTime: "2026-11-23", endTime: "2026-11-24" }, owner.token))).toEqual([
      ["流水号", "类型", "金额（元）", "说明", "操作账号"],
      ["合计", "0 条", 0],
    ]);
    expect(rowsOf(await workbookOf(E.expense.export, {}, child.token))).toHaveLength(3);
  });

  it("refuses what the list refuses", async () => {
    expect((await t.get(webapiPath(E.purchase.export), { endTime: "2026-11-22" }, { token: owner.token })).json()).toMatchObject({
      code: 1001,
      message: TIME_RANGE_MESSAGE.startRequired,
    });
  });

  it("refuses a range with more records than one workbook holds, rather than cutting it short", async () => {
    const records = new MoneyRecordsService({ records: new MoneyRecordsRepository(t.database.handle.db), users: t.app.services.accounts.records, exportLimit: 1 });
    await expect(records.all(owner.id, "expense", {})).rejects.toMatchObject({ code: 1001, message: MONEY_RECORD_EXPORT_TOO_MANY });
    expect((await records.all(child.id, "expense", {})).records).toHaveLength(1);
  });
});
