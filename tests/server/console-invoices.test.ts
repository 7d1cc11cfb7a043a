import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { parseInvoiceEntry } from "../../src/schema/invoice-entry.js";
import { CONSOLE_INVOICE_ENDPOINTS, INVOICE_ENDPOINTS, INVOICE_MESSAGES, issuerRefusal } from "../../src/schema/invoice.js";
import { DevelopmentInvoiceProvider } from "../../server/modules/invoice/development-invoice-provider.js";
import { InvoiceIssuing, ISSUER_RETRY_AFTER_MS } from "../../server/modules/invoice/invoice-issuing.js";
import { InvoiceLedger } from "../../server/modules/invoice/invoice-ledger.js";
import type { InvoiceProvider } from "../../server/modules/invoice/invoice-provider.js";
import { InvoiceRepository } from "../../server/modules/invoice/invoice.repository.js";
import { applyNormal, ORGANISATION_TITLE, paidOrder, PERSON_TITLE, saveTitle } from "./support/invoices.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** Finance reviews, issues and red-reverses invoices in the console (issue 14); the customer downloads the PDF. */

let t: TestApp;
let finance: { token: string; account: string };
let nextMobile = 13500000001;
const C = CONSOLE_INVOICE_ENDPOINTS;
const U = INVOICE_ENDPOINTS;
const op = async (endpoint: (typeof C)[keyof typeof C], params: Record<string, unknown>, token = finance.token) => (await t.call(endpoint, params, { token })).json();
const user = async (endpoint: (typeof U)[keyof typeof U], params: Record<string, unknown>, customer: { token: string }) => (await t.call(endpoint, params, { token: customer.token })).json();
const db = () => t.database.handle.db;
const auditOf = (id: number) => db().selectFrom("operator_audit").select(["action", "reason", "operator_account"]).where("target_type", "=", "invoiceApplication").where("target_id", "=", String(id)).orderBy("id").execute();
const invoiceRows = (applicationId: number) => db().selectFrom("issued_invoices").selectAll().where("application_id", "=", applicationId).orderBy("id").execute();

/** A customer with a pending application for two paid orders (100 元 and 88.80 元). */
async function pendingApplication(title: Record<string, unknown> = PERSON_TITLE): Promise<{ customer: RegisteredUser; id: number; orders: string[] }> {
  const customer = await registerUser(t, String(nextMobile++));
  const titleId = await saveTitle(t, customer, title);
  const orders = [await paidOrder(t, customer, 10_000), await paidOrder(t, customer, 8_880)];
  const applied = await applyNormal(t, customer, titleId, orders);
  expect(applied.code).toBe(200);
  return { customer, id: applied.datas.id, orders };
}

/** pdftotext's reading of a downloaded PDF. */
function textOf(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "invoice-")), "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await signInOperator(t, { roles: ["finance"] });
});
afterAll(async () => t.close());

describe("who may review", () => {
  it("refuses an operator without finance.manage and any customer", async () => {
    const { customer, id } = await pendingApplication();
    const token = await operatorTokenWithout(t, "finance.manage");
    expect((await op(C.list, {}, token)).code).toBe(ConsoleCode.forbidden);
    expect((await op(C.approve, { id }, token)).code).toBe(ConsoleCode.forbidden);
    expect((await op(C.reject, { id, reason: "信息有误" }, token)).code).toBe(ConsoleCode.forbidden);
    expect((await op(C.list, {}, customer.token)).code).not.toBe(200);
    expect((await user(U.getApplication, { id }, customer)).datas.state).toBe("pending");
  });
});

describe("the queue", () => {
  it("lists pending applications oldest first with the customer's account, and finds them by account or title", async () => {
    const first = await pendingApplication();
    const second = await pendingApplication(ORGANISATION_TITLE);
    const ids = (await op(C.list, { pageSize: 200 })).datas.list.map((row: { id: number }) => row.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const byAccount = await op(C.list, { keyword: first.customer.account });
    expect(byAccount.datas.list).toEqual([expect.objectContaining({ id: first.id, account: first.customer.account, amountFen: 18_880, state: "pending" })]);
    expect((await op(C.list, { keyword: "衡证电子数据" })).datas.list.map((row: { id: number }) => row.id)).toContain(second.id);
    const one = await op(C.one, { id: second.id });
    expect(one.datas).toMatchObject({ account: second.customer.account, taxpayerId: ORGANISATION_TITLE.taxpayerId, orders: [expect.anything(), expect.anything()], actions: ["approve", "reject"] });
  });
});

describe("approving and issuing", () => {
  it("approves: the development issuer issues a sample PDF at once, its digest on the ledger, the customer downloads it", async () => {
    const { customer, id } = await pendingApplication();
    const approved = await op(C.approve, { id });
    expect(approved.code).toBe(200);
    expect(approved.datas).toMatchObject({ state: "issued", decidedBy: finance.account, invoiceNo: `DEV-B-${String(id).padStart(8, "0")}`, actions: ["reverse"] });
    expect(await auditOf(id)).toEqual([{ action: "invoice.approve", reason: null, operator_account: finance.account }]);

    const invoices = (await user(U.listInvoices, {}, customer)).datas.list;
    expect(invoices).toEqual([expect.objectContaining({ applicationId: id, direction: "blue", amountFen: 18_880, provider: "development", reversed: false })]);
    const invoice = invoices[0];
    const download = await t.call(U.downloadInvoice, { id: invoice.id }, { token: customer.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    const pdf = download.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf);
    expect(text).toContain("开发环境样张");
    expect(text).toContain("非税务发票");
    expect(text).toContain(invoice.invoiceNo);
    expect(text).not.toContain("发票代码");

    const digest = createHash("sha256").update(pdf).digest("hex");
    expect(invoice.fileSha256).toBe(digest);
    const entry = parseInvoiceEntry(Buffer.from((await t.app.services.ledger.entry(invoice.ledgerIndex))!).toString("utf8"));
    expect(entry).toMatchObject({ kind: "invoice", direction: "blue", sha256: digest });

    // The console downloads the same file.
    const consoleCopy = await t.call(C.downloadInvoice, { id: invoice.id }, { token: finance.token });
    expect(createHash("sha256").update(consoleCopy.rawPayload).digest("hex")).toBe(digest);
  });

  it("refuses approving twice, rejecting an issued application, and a withdrawal after approval", async () => {
    const { customer, id } = await pendingApplication();
    await op(C.approve, { id });
    expect(await op(C.approve, { id })).toMatchObject({ code: 1001, message: "该申请当前为「已开票」，不能审核通过" });
    expect(await op(C.reject, { id, reason: "重复申请" })).toMatchObject({ code: 1001, message: "该申请当前为「已开票」，不能驳回" });
    expect(await user(U.withdraw, { id }, customer)).toMatchObject({ code: 1001, message: "该申请当前为「已开票」，不能撤销" });
    expect(await invoiceRows(id)).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("another user cannot see or download the invoice", async () => {
    const { customer, id } = await pendingApplication();
    await op(C.approve, { id });
    const stranger = await registerUser(t, String(nextMobile++));
    const [invoice] = (await user(U.listInvoices, {}, customer)).datas.list;
    expect(await user(U.getInvoice, { id: invoice.id }, stranger)).toMatchObject({ code: 404, message: INVOICE_MESSAGES.invoiceNotFound });
    const download = (await t.call(U.downloadInvoice, { id: invoice.id }, { token: stranger.token })).json();
    expect(download).toMatchObject({ code: 404, message: INVOICE_MESSAGES.invoiceNotFound });
    expect((await user(U.listInvoices, {}, stranger)).datas.list).toEqual([]);
    expect((await user(U.getInvoice, { id: invoice.id }, customer)).datas.application.id).toBe(id);
  });
});

describe("rejecting", () => {
  it("rejects with a reason the customer reads; the orders are invoiceable again", async () => {
    const { customer, id, orders } = await pendingApplication();
    expect((await op(C.reject, { id })).extraData.errors.reason).toBe(INVOICE_MESSAGES.reasonRequired);
    expect((await op(C.reject, { id, reason: "短" })).extraData.errors.reason).toBe(INVOICE_MESSAGES.reasonTooShort);
    const rejected = await op(C.reject, { id, reason: "抬头与付款单位不一致" });
    expect(rejected.datas).toMatchObject({ state: "rejected", rejectReason: "抬头与付款单位不一致", actions: [] });
    expect((await user(U.getApplication, { id }, customer)).datas).toMatchObject({ state: "rejected", rejectReason: "抬头与付款单位不一致" });
    expect((await user(U.listInvoiceableOrders, {}, customer)).extraData).toEqual({ totalFen: 18_880, totalRow: 2 });
    expect(await op(C.approve, { id })).toMatchObject({ code: 1001, message: "该申请当前为「已驳回」，不能审核通过" });
    const titleId = await saveTitle(t, customer, PERSON_TITLE);
    expect((await applyNormal(t, customer, titleId, orders)).code).toBe(200);
    expect(await auditOf(id)).toEqual([{ action: "invoice.reject", reason: "抬头与付款单位不一致", operator_account: finance.account }]);
  });

  it("cannot approve or reject a withdrawn application", async () => {
    const { customer, id } = await pendingApplication();
    await user(U.withdraw, { id }, customer);
    expect(await op(C.approve, { id })).toMatchObject({ code: 1001, message: "该申请当前为「已撤销」，不能审核通过" });
    expect(await op(C.reject, { id, reason: "信息有误" })).toMatchObject({ code: 1001, message: "该申请当前为「已撤销」，不能驳回" });
    expect(await op(C.approve, { id: 999_999 })).toMatchObject({ code: 404, message: INVOICE_MESSAGES.applicationNotFound });
  });
});

describe("red reversal (红冲)", () => {
  it("reverses an issued invoice with a red one; the orders can be invoiced again", async () => {
    const { customer, id, orders } = await pendingApplication();
    expect(await op(C.reverse, { id, reason: "开错抬头需重开" })).toMatchObject({ code: 1001, message: "该申请当前为「待审核」，不能红冲" });
    await op(C.approve, { id });
    const reversed = await op(C.reverse, { id, reason: "开错抬头需重开" });
    expect(reversed.datas).toMatchObject({ state: "reversed", reverseReason: "开错抬头需重开", actions: [] });
    expect(reversed.datas.invoices.map((invoice: { direction: string; amountFen: number; reversed: boolean }) => [invoice.direction, invoice.amountFen, invoice.reversed])).toEqual([
      ["blue", 18_880, true],
      ["red", -18_880, false],
    ]);
    const red = reversed.datas.invoices[1];
    const pdf = (await t.call(U.downloadInvoice, { id: red.id }, { token: customer.token })).rawPayload;
    const text = textOf(pdf);
    expect(text).toContain("红字发票");
    expect(text).toContain(reversed.datas.invoices[0].invoiceNo);
    expect(parseInvoiceEntry(Buffer.from((await t.app.services.ledger.entry(red.ledgerIndex))!).toString("utf8"))).toMatchObject({ direction: "red", sha256: createHash("sha256").update(pdf).digest("hex") });

    expect(await op(C.reverse, { id, reason: "再次红冲" })).toMatchObject({ code: 1001, message: "该申请当前为「已红冲」，不能红冲" });
    expect((await user(U.listInvoiceableOrders, {}, customer)).extraData.totalRow).toBe(2);
    const titleId = await saveTitle(t, customer, PERSON_TITLE);
    const again = await applyNormal(t, customer, titleId, orders);
    expect(again.code).toBe(200);
    expect((await op(C.approve, { id: again.datas.id })).datas.state).toBe("issued");
    expect((await auditOf(id)).map((row) => row.action)).toEqual(["invoice.approve", "invoice.reverse"]);
  });
});

describe("a crash between the steps", () => {
  it("an application left issuing (approved, then the process died) is issued once by housekeeping", async () => {
    const { customer, id } = await pendingApplication();
    // What a crash after the approval's commit leaves: issuing, no invoice.
    await db().updateTable("invoice_applications").set({ state: "issuing", updated_at: t.clock.now() }).where("id", "=", id).execute();
    const issuing = t.app.services.invoice.issuing;
    await issuing.resume();
    expect((await user(U.getApplication, { id }, customer)).datas.state).toBe("issuing"); // too recent: maybe still in flight
    t.clock.advance(ISSUER_RETRY_AFTER_MS + 1000);
    await issuing.resume();
    await issuing.resume();
    expect((await user(U.getApplication, { id }, customer)).datas.state).toBe("issued");
    const rows = await invoiceRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].ledger_index).not.toBeNull();
    // The console's retry of an application already issued changes nothing.
    expect((await op(C.approve, { id })).code).toBe(1001);
    expect(await invoiceRows(id)).toHaveLength(1);
  });

  it("an invoice whose ledger entry was appended but not recorded is found, not appended twice", async () => {
    const { id } = await pendingApplication();
    await op(C.approve, { id });
    const [row] = await invoiceRows(id);
    const size = (await t.app.services.ledger.latestCheckpoint())!.treeSize;
    await db().updateTable("issued_invoices").set({ ledger_index: null, ledger_block: null }).where("id", "=", row.id).execute();
    t.clock.advance(ISSUER_RETRY_AFTER_MS + 1000);
    await t.app.services.invoice.issuing.resume();
    const [settled] = await invoiceRows(id);
    expect(Number(settled.ledger_index)).toBe(Number(row.ledger_index));
    expect((await t.app.services.ledger.latestCheckpoint())!.treeSize).toBe(size);
  });

  it("an invoice recorded but never appended (the process died before the append) is appended by housekeeping", async () => {
    const { id } = await pendingApplication();
    await op(C.approve, { id });
    const [row] = await invoiceRows(id);
    // Pretend the entry is not in the log: the search starts past its end.
    const size = (await t.app.services.ledger.latestCheckpoint())!.treeSize;
    await db().updateTable("issued_invoices").set({ ledger_index: null, ledger_block: null, ledger_size_hint: size }).where("id", "=", row.id).execute();
    t.clock.advance(ISSUER_RETRY_AFTER_MS + 1000);
    await t.app.services.invoice.issuing.resume();
    const [settled] = await invoiceRows(id);
    expect(Number(settled.ledger_index)).toBe(size);
    expect(parseInvoiceEntry(Buffer.from((await t.app.services.ledger.entry(size))!).toString("utf8"))).toMatchObject({ sha256: row.file_sha256 });
  });
});

describe("an issuer that refuses or answers later", () => {
  /** The module's own parts around an issuer of the test's choosing (the provider interface is the seam). */
  function issuingWith(provider: InvoiceProvider) {
    const repository = new InvoiceRepository(db());
    const ledger = new InvoiceLedger({ ledger: t.app.services.ledger, repository, log: t.app.log });
    return new InvoiceIssuing({ db: db(), repository, provider, blobs: t.app.services.blobs, ledger, now: t.clock.now, log: t.app.log });
  }
  const refusing: InvoiceProvider = { key: "refusing", issue: async () => ({ status: "refused", reason: "购买方纳税人识别号不存在" }) };
  const decisions = () => t.app.services.invoice.decisions;

  it("a refused application is rejected with the issuer's words and frees its orders", async () => {
    const { customer, id } = await pendingApplication();
    await decisions().approve(db(), id, finance.account);
    expect(await issuingWith(refusing).issue(id)).toEqual({ status: "refused", reason: "购买方纳税人识别号不存在" });
    expect((await user(U.getApplication, { id }, customer)).datas).toMatchObject({ state: "rejected", rejectReason: issuerRefusal("购买方纳税人识别号不存在") });
    expect((await user(U.listInvoiceableOrders, {}, customer)).extraData.totalRow).toBe(2);
    expect(await invoiceRows(id)).toEqual([]);
  });

  it("a refused red reversal leaves the blue invoice standing and its orders held", async () => {
    const { customer, id } = await pendingApplication();
    await op(C.approve, { id });
    await decisions().requestReversal(db(), id, "开错抬头需重开");
    expect((await issuingWith(refusing).reverse(id)).status).toBe("refused");
    expect((await user(U.getApplication, { id }, customer)).datas).toMatchObject({ state: "issued", reverseReason: null });
    expect((await user(U.listInvoiceableOrders, {}, customer)).extraData.totalRow).toBe(0);
    expect((await invoiceRows(id)).map((row) => row.direction)).toEqual(["blue"]);
  });

  it("an asynchronous issuer's application waits in 开票中 until the issuer has the invoice", async () => {
    const { customer, id } = await pendingApplication();
    const development = new DevelopmentInvoiceProvider(t.clock.now);
    let ready = false;
    const later: InvoiceProvider = { key: "development", issue: async (request) => (ready ? development.issue(request) : { status: "pending" }) };
    await decisions().approve(db(), id, finance.account);
    expect(await issuingWith(later).issue(id)).toEqual({ status: "pending" });
    expect((await user(U.getApplication, { id }, customer)).datas.state).toBe("issuing");
    expect(await user(U.withdraw, { id }, customer)).toMatchObject({ code: 1001, message: "该申请当前为「开票中」，不能撤销" });
    ready = true;
    expect(await issuingWith(later).issue(id)).toEqual({ status: "issued" });
    expect((await user(U.getApplication, { id }, customer)).datas.state).toBe("issued");
    expect(await invoiceRows(id)).toHaveLength(1);
  });
});
