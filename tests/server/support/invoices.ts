import { expect } from "vitest";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../../src/schema/child-account.js";
import { INVOICE_ENDPOINTS } from "../../../src/schema/invoice.js";
import { registryPath } from "../../../src/resources/registry-paths.js";
import type { DevelopmentCashier } from "../../../server/modules/payment/development-cashier.js";
import { encryptorFor } from "./login-client.js";
import { freshIp, passwordLogin, type RegisteredUser } from "./personal-users.js";
import type { TestApp } from "./test-app.js";

/** Invoice fixtures: real recharge orders paid through the development cashier, titles, addresses. */

const RETURN_PATH = registryPath("personal/expenseCenter", "onlineCharge");

/** A recharge order of `fen` the development cashier has paid (the order's own re-query confirms it). */
export async function paidOrder(t: TestApp, user: { id: number }, fen: number): Promise<string> {
  const { orders, cashier } = t.app.services.payment;
  const { merchantOrderNo } = await orders.create(user.id, fen, "development", RETURN_PATH);
  await (cashier as DevelopmentCashier).decide(merchantOrderNo, "paid", { times: 0 });
  expect(await orders.read(user.id, merchantOrderNo)).toMatchObject({ state: "paid" });
  t.clock.advance(1000);
  return merchantOrderNo;
}

/** An order created and never paid. */
export async function unpaidOrder(t: TestApp, user: { id: number }, fen: number): Promise<string> {
  return (await t.app.services.payment.orders.create(user.id, fen, "development", RETURN_PATH)).merchantOrderNo;
}

/** A sub-account of `owner`, signed in. */
export async function subAccountOf(t: TestApp, owner: RegisteredUser, account: string): Promise<{ token: string }> {
  const { encryptPassword } = await encryptorFor(t);
  const created = (await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account, name: "财务", encryptPassword: encryptPassword("init1234") }, { token: owner.token, ip: freshIp() })).json();
  expect(created.code).toBe(200);
  // A sub-account is asked to change its initial password (3011); "next time" signs it in.
  expect((await passwordLogin(t, account, "init1234")).code).toBe(3011);
  const { encrypt } = await encryptorFor(t);
  const delayed = (await t.call(ACCOUNT_ENDPOINTS.delaysUpdatePwd, { encryptAccount: encrypt(account), encryptPassword: encryptPassword("init1234"), ipAddress: "", account }, { ip: freshIp() })).json();
  expect(delayed.datas.loginUser.accountType).toBe(3);
  return { token: delayed.datas.token };
}

export const PERSON_TITLE = { kind: "person", name: "张三" };
export const ORGANISATION_TITLE = {
  kind: "organisation",
  name: "衡证电子数据科技有限公司",
  taxpayerId: "91110108MA01ABCDE1",
  registeredAddress: "北京市海淀区中关村大街1号",
  registeredPhone: "010-88886666",
  bankName: "招商银行北京分行",
  bankAccount: "6222000011112222",
};
export const ADDRESS = { recipient: "李四", mobile: "13900139000", province: "440000", city: "440300", district: "440305", detail: "科技园南区一号楼" };

export async function saveTitle(t: TestApp, user: { token: string }, title: Record<string, unknown>): Promise<number> {
  const answer = (await t.call(INVOICE_ENDPOINTS.saveTitle, title, { token: user.token })).json();
  expect(answer.code, answer.message).toBe(200);
  return answer.datas.id;
}

export async function saveAddress(t: TestApp, user: { token: string }, address: Record<string, unknown> = ADDRESS): Promise<number> {
  const answer = (await t.call(INVOICE_ENDPOINTS.saveAddress, address, { token: user.token })).json();
  expect(answer.code, answer.message).toBe(200);
  return answer.datas.id;
}

/** An electronic 普票 application for these orders; answers the envelope. */
export async function applyNormal(t: TestApp, user: { token: string }, titleId: number, merchantOrderNos: string[]) {
  return (await t.call(INVOICE_ENDPOINTS.apply, { invoiceKind: "normal", titleId, merchantOrderNos, email: "finance@example.com" }, { token: user.token })).json();
}
