import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES } from "../../src/schema/invoice.js";
import { ADDRESS, applyNormal, ORGANISATION_TITLE, paidOrder, PERSON_TITLE, saveAddress, saveTitle, subAccountOf, unpaidOrder } from "./support/invoices.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** The customer's side of invoices (issue 14): titles, addresses, invoiceable orders, applying, withdrawing. */

let t: TestApp;
let nextMobile = 13600000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const E = INVOICE_ENDPOINTS;
const call = async (endpoint: (typeof E)[keyof typeof E], params: Record<string, unknown>, user: { token: string }) => (await t.call(endpoint, params, { token: user.token })).json();
const liveLinks = (merchantOrderNo: string) =>
  t.database.handle.db.selectFrom("invoice_order_links").select("application_id").where("merchant_order_no", "=", merchantOrderNo).where("holds", "=", 1).execute();
const applicationsOf = (user: RegisteredUser) => t.database.handle.db.selectFrom("invoice_applications").select(["id", "state"]).where("user_id", "=", user.id).execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(async () => t.close());

describe("invoice titles", () => {
  it("saves a person's title with its name only, and an organisation's with its taxpayer id and bank details", async () => {
    const user = await newCustomer();
    const person = await call(E.saveTitle, { ...PERSON_TITLE, taxpayerId: "91110108MA01ABCDE1" }, user);
    expect(person.datas).toMatchObject({ kind: "person", name: "张三", taxpayerId: null, bankAccount: null, allowsSpecial: false });
    const organisation = await call(E.saveTitle, { ...ORGANISATION_TITLE, taxpayerId: "91110108ma01abcde1" }, user);
    expect(organisation.datas).toMatchObject({ ...ORGANISATION_TITLE, allowsSpecial: true });
    const listed = await call(E.listTitles, {}, user);
    expect(listed.datas.list.map((title: { name: string }) => title.name)).toEqual([ORGANISATION_TITLE.name, "张三"]);
    expect(listed.datas.totalRow).toBe(2);
  });

  it("refuses an organisation without a proper taxpayer id or with bad bank details, storing nothing", async () => {
    const user = await newCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "organisation", name: "某公司" }, "taxpayerId", "单位抬头请输入纳税人识别号"],
      [{ kind: "organisation", name: "某公司", taxpayerId: "1234567" }, "taxpayerId", "纳税人识别号应为15至20位数字或字母"],
      [{ kind: "organisation", name: "某公司", taxpayerId: "91110108MA01ABCDE1", bankAccount: "62220000-1111" }, "bankAccount", "银行账号应为8至30位数字"],
      [{ kind: "organisation", name: "某公司", taxpayerId: "91110108MA01ABCDE1", registeredPhone: "电话" }, "registeredPhone", "请输入正确的注册电话（固定电话或手机号）"],
      [{ kind: "company", name: "某公司" }, "kind", "请选择抬头类型（个人或单位）"],
      [{ kind: "person", name: "  " }, "name", "请输入发票抬头"],
    ];
    for (const [title, field, message] of cases) {
      const answer = await call(E.saveTitle, title, user);
      expect(answer.code, JSON.stringify(title)).toBe(1001);
      expect(answer.extraData.errors[field]).toBe(message);
    }
    expect((await call(E.listTitles, {}, user)).datas.totalRow).toBe(0);
  });

  it("updates and deletes a title; another user can neither see, change nor delete it", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const id = await saveTitle(t, owner, ORGANISATION_TITLE);
    const updated = await call(E.saveTitle, { ...ORGANISATION_TITLE, id, name: "衡证科技（北京）有限公司" }, owner);
    expect(updated.datas).toMatchObject({ id, name: "衡证科技（北京）有限公司" });

    for (const answer of [
      await call(E.getTitle, { id }, stranger),
      await call(E.saveTitle, { ...PERSON_TITLE, id }, stranger),
      await call(E.deleteTitle, { id }, stranger),
    ]) {
      expect(answer).toMatchObject({ code: 404, message: INVOICE_MESSAGES.titleNotFound });
    }
    expect((await call(E.listTitles, {}, stranger)).datas.list).toEqual([]);
    expect((await call(E.getTitle, { id }, owner)).datas.name).toBe("衡证科技（北京）有限公司");

    expect((await call(E.deleteTitle, { id }, owner)).code).toBe(200);
    expect((await call(E.getTitle, { id }, owner)).code).toBe(404);
  });
});

describe("mailing addresses", () => {
  it("saves an address whose province, city and district belong together, and names the region", async () => {
    const user = await newCustomer();
    const saved = await call(E.saveAddress, ADDRESS, user);
    expect(saved.datas).toMatchObject({ ...ADDRESS, regionText: "广东省 深圳市 南山区" });
    const refused = await call(E.saveAddress, { ...ADDRESS, city: "110100" }, user);
    expect(refused.code).toBe(1001);
    expect(refused.extraData.errors.district).toBe("请选择正确的省市区");
    expect((await call(E.listAddresses, {}, user)).datas.totalRow).toBe(1);
  });

  it("another user can neither see, change nor delete an address", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const id = await saveAddress(t, owner);
    for (const answer of [await call(E.getAddress, { id }, stranger), await call(E.saveAddress, { ...ADDRESS, id }, stranger), await call(E.deleteAddress, { id }, stranger)]) {
      expect(answer).toMatchObject({ code: 404, message: INVOICE_MESSAGES.addressNotFound });
    }
    expect((await call(E.getAddress, { id }, owner)).datas.recipient).toBe(ADDRESS.recipient);
  });
});

describe("sub-accounts", () => {
  it("are refused every invoice call with 305", async () => {
    const owner = await newCustomer();
    const child = await subAccountOf(t, owner, String(nextMobile++));
    const orderNo = await paidOrder(t, owner, 10_000);
    const titleId = await saveTitle(t, owner, PERSON_TITLE);
    for (const answer of [
      await call(E.listTitles, {}, child),
      await call(E.saveTitle, PERSON_TITLE, child),
      await call(E.listAddresses, {}, child),
      await call(E.listInvoiceableOrders, {}, child),
      await applyNormal(t, child, titleId, [orderNo]),
      await call(E.listApplications, {}, child),
      await call(E.listInvoices, {}, child),
    ]) {
      expect(answer).toMatchObject({ code: 305, message: "子账号不能使用发票管理，请使用主账号操作" });
    }
    expect(await applicationsOf(owner)).toEqual([]);
  });
});

describe("invoiceable orders and applying", () => {
  it("lists only paid recharge orders of the account, with their total", async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    const first = await paidOrder(t, user, 10_000);
    const second = await paidOrder(t, user, 8_880);
    await unpaidOrder(t, user, 50_000);
    await paidOrder(t, other, 70_000);
    const answer = await call(E.listInvoiceableOrders, {}, user);
    expect(answer.datas.list.map((order: { merchantOrderNo: string }) => order.merchantOrderNo)).toEqual([second, first]);
    expect(answer.datas.list[0]).toMatchObject({ amountFen: 8_880, channel: "development" });
    expect(answer.extraData).toEqual({ totalFen: 18_880, totalRow: 2 });
  });

  it("applies for whole orders, after which they are no longer invoiceable and can never be applied for again", async () => {
    const user = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    const [a, b, c] = [await paidOrder(t, user, 10_000), await paidOrder(t, user, 20_000), await paidOrder(t, user, 300)];
    const applied = await applyNormal(t, user, titleId, [a, b]);
    expect(applied.code).toBe(200);
    expect(applied.datas).toMatchObject({ state: "pending", amountFen: 30_000, orderCount: 2, titleName: "张三", email: "finance@example.com", invoiceNo: null, actions: ["withdraw"] });
    expect((await call(E.listInvoiceableOrders, {}, user)).extraData).toEqual({ totalFen: 300, totalRow: 1 });

    for (const orders of [[a], [b, c], [c, c]]) {
      const again = await applyNormal(t, user, titleId, orders);
      expect(again.code, orders.join()).toBe(1001);
      expect(again.message).toBe(INVOICE_MESSAGES.ordersUnavailable);
    }
    expect(await applicationsOf(user)).toHaveLength(1);
    expect(await liveLinks(c)).toEqual([]);
  });

  it("refuses unpaid orders and another account's orders", async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    const unpaid = await unpaidOrder(t, user, 10_000);
    const theirs = await paidOrder(t, other, 10_000);
    for (const orders of [[unpaid], [theirs], ["P20261122000000ABCDEFGHIJ"]]) {
      expect((await applyNormal(t, user, titleId, orders)).message).toBe(INVOICE_MESSAGES.ordersUnavailable);
    }
    expect(await liveLinks(theirs)).toEqual([]);
  });

  it("asks a 专票 for an organisation title with every bank detail and a mailing address, and keeps copies of both", async () => {
    const user = await newCustomer();
    const orderNo = await paidOrder(t, user, 100_000);
    const personId = await saveTitle(t, user, PERSON_TITLE);
    const partialId = await saveTitle(t, user, { kind: "organisation", name: "某公司", taxpayerId: "91110108MA01ABCDE1" });
    const fullId = await saveTitle(t, user, ORGANISATION_TITLE);
    const addressId = await saveAddress(t, user);
    const special = (titleId: number, extra: Record<string, unknown> = { addressId }) => call(E.apply, { invoiceKind: "special", titleId, merchantOrderNos: [orderNo], ...extra }, user);

    expect((await special(personId)).message).toBe(INVOICE_MESSAGES.specialNeedsOrganisation);
    expect((await special(partialId)).message).toBe(INVOICE_MESSAGES.specialNeedsBankInfo);
    expect((await special(fullId, {})).extraData.errors.addressId).toBe(INVOICE_MESSAGES.specialNeedsAddress);
    expect(await applicationsOf(user)).toEqual([]);

    const applied = await special(fullId);
    expect(applied.datas).toMatchObject({
      invoiceKind: "special",
      titleKind: "organisation",
      taxpayerId: ORGANISATION_TITLE.taxpayerId,
      bankAccount: ORGANISATION_TITLE.bankAccount,
      mailingAddress: "李四 13900139000 广东省 深圳市 南山区 科技园南区一号楼",
    });
    // Later edits of the title change no application.
    await call(E.saveTitle, { ...ORGANISATION_TITLE, id: fullId, name: "改名后的公司" }, user);
    await call(E.deleteAddress, { id: addressId }, user);
    expect((await call(E.getApplication, { id: applied.datas.id }, user)).datas).toMatchObject({ titleName: ORGANISATION_TITLE.name, mailingAddress: applied.datas.mailingAddress });
  });

  it("of two concurrent applications for one order exactly one succeeds", async () => {
    const user = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    const orderNo = await paidOrder(t, user, 10_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => applyNormal(t, user, titleId, [orderNo])));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.code !== 200)) expect(answer).toMatchObject({ code: 1001, message: INVOICE_MESSAGES.ordersUnavailable });
    expect(await liveLinks(orderNo)).toHaveLength(1);
    expect(await applicationsOf(user)).toHaveLength(1);
  });

  it("the database refuses a second live link to one order even if a service forgot to look", async () => {
    const user = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    const orderNo = await paidOrder(t, user, 10_000);
    const { datas } = await applyNormal(t, user, titleId, [orderNo]);
    const [link] = await t.database.handle.db.selectFrom("invoice_order_links").selectAll().where("application_id", "=", datas.id).execute();
    const { id: _id, ...copy } = link;
    await expect(t.database.handle.db.insertInto("invoice_order_links").values(copy).execute()).rejects.toThrow();
  });
});

describe("the records and withdrawing", () => {
  it("withdraws a pending application, frees its orders, and refuses a second withdrawal", async () => {
    const user = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    const orderNo = await paidOrder(t, user, 10_000);
    const { datas } = await applyNormal(t, user, titleId, [orderNo]);
    const withdrawn = await call(E.withdraw, { id: datas.id }, user);
    expect(withdrawn.datas).toMatchObject({ state: "withdrawn", actions: [] });
    expect((await call(E.listInvoiceableOrders, {}, user)).extraData.totalRow).toBe(1);
    expect(await call(E.withdraw, { id: datas.id }, user)).toMatchObject({ code: 1001, message: "该申请当前为「已撤销」，不能撤销" });
    // The freed order can be applied for again.
    expect((await applyNormal(t, user, titleId, [orderNo])).code).toBe(200);
    const records = await call(E.listApplications, {}, user);
    expect(records.datas.list.map((row: { state: string }) => row.state)).toEqual(["pending", "withdrawn"]);
    expect((await call(E.listApplications, { state: "withdrawn" }, user)).datas.totalRow).toBe(1);
  });

  it("another user can neither see nor withdraw an application", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const titleId = await saveTitle(t, owner, PERSON_TITLE);
    const { datas } = await applyNormal(t, owner, titleId, [await paidOrder(t, owner, 10_000)]);
    expect(await call(E.getApplication, { id: datas.id }, stranger)).toMatchObject({ code: 404, message: INVOICE_MESSAGES.applicationNotFound });
    expect(await call(E.withdraw, { id: datas.id }, stranger)).toMatchObject({ code: 404, message: INVOICE_MESSAGES.applicationNotFound });
    expect((await call(E.listApplications, {}, stranger)).datas.list).toEqual([]);
    expect((await call(E.getApplication, { id: datas.id }, owner)).datas.state).toBe("pending");
  });

  it("filters the records by the Shanghai calendar days of their application", async () => {
    const user = await newCustomer();
    const titleId = await saveTitle(t, user, PERSON_TITLE);
    await applyNormal(t, user, titleId, [await paidOrder(t, user, 10_000)]);
    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await call(E.listApplications, { startTime: today, endTime: today }, user)).datas.totalRow).toBe(1);
    expect((await call(E.listApplications, { startTime: "2020-01-01", endTime: "2020-01-02" }, user)).datas.totalRow).toBe(0);
    expect((await call(E.listApplications, { startTime: today }, user)).extraData.errors.endTime).toBe("结束时间不能为空");
  });
});
