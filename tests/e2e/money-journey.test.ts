import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consolePath, registryPath } from "../../src/resources/registry-paths.js";
import { ERROR_PAGE_TEXT } from "../../src/pages/error/error-page.js";
import { ADJUSTMENT_DIRECTION_LABELS } from "../../src/schema/console/finance-adjustments.js";
import { DEVELOPMENT_SAMPLE_MARK, INVOICE_KIND_LABELS, INVOICE_RESULT_TEXTS, INVOICE_STATE_LABELS } from "../../src/schema/invoice.js";
import { MONEY_RECORD_EXPORT_MESSAGE } from "../../src/schema/money-records.js";
import { PURCHASE_PRODUCT_PARAM } from "../../src/schema/purchase.js";
import { registerUser, storeUserSession, uniqueMobile } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { createReviewer, signInWithEnrolment } from "./support/console-reviewer.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

async function newPage(site: string) {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${site}/index`);
  return { page, problems: watchConsole(page) };
}

/** The text poppler reads from a PDF the browser downloaded. */
function pdfText(bytes: Buffer): string {
  const file = path.join(server.dataDir, `downloaded-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/**
 * The money journey of issue 14 in Chromium, one customer and one finance operator: recharge
 * 100 元 through the simulated cashier, a bank transfer credited by finance, a notarisation bundle
 * bought from the balance, the records and their export, an invoice applied for on the recharge,
 * issued in the console, and downloaded by the customer.
 */
describe("the money journey in Chromium", () => {
  // About 30 s alone; two journeys at once on two loaded cores have taken it past the default minute.
  it("recharges, buys a bundle, exports the records, applies for an invoice that finance issues, and downloads it", async () => {
    // The browser uses the server's default public address (http://localhost:PORT), the one the cashier sends it back to.
    const site = server.url.replace("127.0.0.1", "localhost");
    const mobile = uniqueMobile();
    const customer = await newPage(site);
    await storeUserSession(customer.page, await registerUser(server.url, mobile, "abc12345"));
    const { page } = customer;

    // Recharge 100 元 through the simulated cashier.
    await page.goto(`${site}${registryPath("personal/expenseCenter", "onlineCharge")}`);
    await page.getByText("100 元", { exact: true }).click();
    await page.getByRole("radio", { name: "模拟支付（开发环境）" }).waitFor({ state: "attached" });
    await shoot(page, "money-recharge-form");
    await page.getByRole("button", { name: "去支付 100 元" }).click();
    await page.waitForURL("**/dev/cashier?**");
    await page.getByText("开发环境模拟收银台 — 不会产生真实扣款").waitFor();
    await shoot(page, "money-simulated-cashier");
    await page.getByRole("button", { name: "支付成功" }).click();
    await page.waitForURL(`**${registryPath("personal/expenseCenter", "onlineCharge")}?merchantOrderNo=*`);
    await page.getByText("充值成功").waitFor();
    await page.getByText(/当前账户余额 100.00 元/).waitFor();

    // Finance credits a bank transfer of 2,800 元 (the bundle costs more than the recharge).
    const finance = await newPage(site);
    await signInWithEnrolment(finance.page, { url: site }, await createReviewer(server, ["finance"]));
    await finance.page.goto(`${site}${consolePath("finance/adjustments", "new")}`);
    await finance.page.getByLabel("客户账号").fill(mobile);
    await finance.page.getByLabel("调整方向").click();
    await finance.page.getByTitle(ADJUSTMENT_DIRECTION_LABELS.credit).click();
    await finance.page.getByLabel("调整金额（元）").fill("2800");
    await finance.page.getByLabel("调整原因（客户可见）").fill("对公转账入账");
    await finance.page.getByRole("button", { name: "提交" }).click();
    await finance.page.getByText("调整余额已提交").waitFor();

    // Buy the 10-snapshot notarisation bundle from the balance.
    await page.goto(`${site}${registryPath("personal/expenseCenter", "purchasePackage")}?${PURCHASE_PRODUCT_PARAM}=bundle-10`);
    await page.getByRole("radio", { name: /1次公证 \+ 10条网页快照/ }).check();
    await page.getByRole("button", { name: "立即购买" }).click();
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.getByText("购买成功，套餐已到账").waitFor();
    await page.getByRole("cell", { name: "可用" }).waitFor();
    await shoot(page, "money-bundle-bought");

    // The records: the recharge and the adjustment, exported; the purchase on its own list.
    await page.goto(`${site}${registryPath("personal/expenseCenter", "chargeRecord")}`);
    await page.getByText("对公转账入账").waitFor();
    await page.locator(".ant-statistic-content-value", { hasText: "2,900.00" }).waitFor();
    const [workbookDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /导出记录/ }).click()]);
    const exportModal = page.getByRole("dialog", { name: "导出记录" });
    await exportModal.getByText(MONEY_RECORD_EXPORT_MESSAGE).waitFor();
    await exportModal.getByText(/秒后自动关闭/).waitFor();
    await shoot(page, "money-charge-record-export");
    expect(workbookDownload.suggestedFilename()).toMatch(/^充值记录-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(workbookDownload)) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.name).toBe("充值记录");
    expect(workbook.worksheets[0]!.getColumn(3).values.slice(1)).toEqual(["金额（元）", 2800, 100, 2900]);
    // The modal closes itself after its 4-second countdown.
    await exportModal.waitFor({ state: "hidden", timeout: 8000 });
    await page.goto(`${site}${registryPath("personal/expenseCenter", "purchaseRecord")}`);
    await page.getByText("2,800.00 元").waitFor();

    // An invoice title, then the recharge order chosen and applied for.
    await page.goto(`${site}${registryPath("personal/invoiceAdmin", "invoiceInfoList")}`);
    await page.getByRole("link", { name: "新增发票信息" }).click();
    await page.getByText("单位", { exact: true }).click();
    await page.getByLabel("发票抬头").fill("恒证示范科技有限公司");
    await page.getByLabel("纳税人识别号").fill("91310000ma1fl8xq2k");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByRole("cell", { name: "恒证示范科技有限公司" }).waitFor();

    await page.goto(`${site}${registryPath("personal/invoiceAdmin", "invoiceOrder")}`);
    await page.getByRole("row", { name: /100\.00/ }).getByRole("checkbox").check();
    await page.getByLabel("已选金额").getByText("100.00 元").waitFor();
    await page.getByRole("button", { name: "申请开票" }).click();
    await page.getByText(INVOICE_KIND_LABELS.normal).click();
    await page.getByRole("combobox", { name: "发票抬头" }).click();
    await page.locator(".ant-select-item-option", { hasText: "恒证示范科技有限公司" }).click();
    await page.getByLabel("接收邮箱").fill("finance@example.com");
    await shoot(page, "money-invoice-apply");
    await page.getByRole("button", { name: "提交申请" }).click();
    await page.getByText(INVOICE_RESULT_TEXTS.success.title).first().waitFor();

    // Finance issues it in the console.
    await finance.page.goto(`${site}${consolePath("finance/invoices", "dataList")}`);
    await finance.page.getByRole("row", { name: new RegExp(mobile) }).getByRole("link", { name: "处理" }).click();
    await finance.page.getByText("开票订单（1 笔）").waitFor();
    await shoot(finance.page, "money-console-invoice-review");
    await finance.page.getByRole("button", { name: "开票" }).click();
    await finance.page.locator(".ant-popconfirm").getByRole("button", { name: "开票" }).click();
    await finance.page.getByText(INVOICE_STATE_LABELS.issued).first().waitFor();
    // A console address that does not exist is answered inside the console, leading back to its home.
    await finance.page.goto(`${site}/console/finance/noSuchPage`);
    await finance.page.getByRole("link", { name: ERROR_PAGE_TEXT.consoleHome }).waitFor();

    // The customer downloads the issued invoice: a development sample, never a look-alike tax invoice.
    await page.goto(`${site}${registryPath("personal/invoiceAdmin", "invoiceManagement")}`);
    const invoiceRow = page.getByRole("row", { name: /恒证示范科技有限公司/ });
    await invoiceRow.getByText("100.00").waitFor();
    await shoot(page, "money-invoice-list");
    const [pdfDownload] = await Promise.all([page.waitForEvent("download"), invoiceRow.getByRole("button", { name: "下载发票" }).click()]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^发票-.+\.pdf$/);
    const text = pdfText(await downloadedBytes(pdfDownload));
    expect(text).toContain(DEVELOPMENT_SAMPLE_MARK);
    expect(text).toContain("恒证示范科技有限公司");
    expect(text).toContain("91310000MA1FL8XQ2K");

    expect([...customer.problems, ...finance.problems]).toEqual([]);
  }, 120_000);
});
