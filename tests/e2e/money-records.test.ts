import { randomUUID } from "node:crypto";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/dialect.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "../../server/modules/billing/ledger-accounts.js";
import { MoneyJournal, type JournalKind } from "../../server/modules/billing/money-journal.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { MONEY_RECORD_EXPORT_MESSAGE } from "../../src/schema/money-records.js";
import { registerUser, storeUserSession, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();
let login: LoginResult;
let page: Page;
let problems: string[];

/** A movement posted to the journal on the server's own SQLite file, as the recharge and purchase services post theirs. */
async function post(kind: JournalKind, fen: number, memo: string) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "platform.sqlite") });
  try {
    const journal = new MoneyJournal(handle.db, Date.now);
    const userId = login.loginUser.id;
    const [from, to] = kind === "recharge" ? [PLATFORM_ACCOUNTS.cashIn, customerAccount(userId, "available")] : [customerAccount(userId, "available"), PLATFORM_ACCOUNTS.revenue];
    await handle.db.transaction().execute((trx) =>
      journal.post(trx, {
        kind,
        idempotencyKey: `e2e-records:${randomUUID()}`,
        postings: [
          { account: from, amountFen: -fen },
          { account: to, amountFen: fen },
        ],
        memo,
        actor: { userId },
      }),
    );
  } finally {
    await handle.db.destroy();
  }
}

beforeAll(async () => {
  login = await registerUser(server.url, uniqueMobile(), "abc12345");
  await post("recharge", 10_000, "在线充值");
  await post("recharge", 2_550, "在线充值");
  await post("purchase", 2_800, "公证套餐（1次公证+10次快照）");
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  problems = watchConsole(page);
  await page.goto(`${server.url}/index`);
  await storeUserSession(page, login);
});

describe("the expense centre's records in Chromium", () => {
  it("lists the recharges with their total, and exports them as a workbook with the export modal", async () => {
    await page.goto(`${server.url}${registryPath("personal/expenseCenter", "chargeRecord")}`);
    await page.getByText("100.00 元").waitFor();
    await page.getByText("25.50 元").waitFor();
    await page.locator(".ant-statistic-content-value", { hasText: "125.50" }).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /导出记录/ }).click()]);
    const modal = page.getByRole("dialog", { name: "导出记录" });
    await modal.getByText(MONEY_RECORD_EXPORT_MESSAGE).waitFor();
    await modal.getByText(/秒后自动关闭/).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "expense-center-charge-record-export.png"), fullPage: true });
    expect(download.suggestedFilename()).toMatch(/^充值记录-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("充值记录");
    expect(sheet.getColumn(3).values.slice(1)).toEqual(["金额（元）", 25.5, 100, 125.5]);
    // The modal closes itself after its 4-second countdown.
    await modal.waitFor({ state: "hidden", timeout: 8000 });
  });

  it("shows the purchases on their own list", async () => {
    await page.goto(`${server.url}${registryPath("personal/expenseCenter", "purchaseRecord")}`);
    await page.getByText("公证套餐（1次公证+10次快照）").waitFor();
    await page.getByText("28.00 元").waitFor();
    expect(await page.getByText("100.00 元").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
