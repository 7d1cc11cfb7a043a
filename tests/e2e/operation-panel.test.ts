import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/dialect.js";
import { PLATFORM_ACCOUNTS, customerAccount } from "../../server/modules/billing/ledger-accounts.js";
import { MoneyJournal } from "../../server/modules/billing/money-journal.js";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { computeSignature } from "../../src/schema/signature.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { decideInConsole } from "./support/console-reviewer.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const OPERATION_PANEL = registryPath("personal/operationPanel");
const NEW_TEXT_MONITOR = registryPath("monitor/text", "ystwnew");

const { server, browser } = sharedServerAndBrowser();
let login: LoginResult;
let page: Page;
let problems: string[];

beforeAll(async () => {
  login = await registerUser(server.url, uniqueMobile(), "abc12345");
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  problems = watchConsole(page);
  await signInPage(page, server.url, login);
});

async function shoot(name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** No endpoint changes a balance yet (recharge is a later issue): the test posts an adjustment to the money journal on the server's own SQLite file. */
async function setBalance(balanceFen: number) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "platform.sqlite") });
  try {
    const journal = new MoneyJournal(handle.db, Date.now);
    const userId = login.loginUser.id;
    const difference = balanceFen - (await journal.balanceOf(userId)).availableFen;
    if (difference === 0) return;
    await handle.db.transaction().execute((trx) =>
      journal.post(trx, {
        kind: "adjustment",
        idempotencyKey: `e2e-balance:${randomUUID()}`,
        postings: [
          { account: PLATFORM_ACCOUNTS.adjustments, amountFen: -difference },
          { account: customerAccount(userId, "available"), amountFen: difference },
        ],
        memo: "端到端测试设定余额",
      }),
    );
  } finally {
    await handle.db.destroy();
  }
}

/** Real-name verification as a user and a reviewer do it: the signed submission, then 通过 in the console. */
async function verifyRealName() {
  const first17 = "11010519900101123";
  const body = { realName: "赵六", idNumber: first17 + nationalIdCheckChar(first17), token: login.token };
  const timestamp = Date.now();
  const signature = computeSignature({ ...body, timestamp }, (text) => createHash("sha256").update(text, "utf8").digest("hex"));
  const response = await fetch(`${server.url}${webapiPath(PERSONAL_ENDPOINTS.submitRealName)}?timestamp=${timestamp}&signature=${signature}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
  expect((await decideInConsole(server, String(login.loginUser.mobile), "approve")).status).toBe("approved");
}

const newMonitoring = () => page.locator("a.ant-btn", { hasText: "新建信息监测" });

describe("operation panel and information-monitoring guide in Chromium", () => {
  it("a new account: balance 0, recharge-for-zero, and new monitoring greyed out until real-name verification (304)", async () => {
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.getByRole("link", { name: "余额 0 元，立即充值" }).waitFor();
    await page.locator(".ant-statistic-content-value", { hasText: "0.00" }).waitFor();
    await expect.poll(() => newMonitoring().getAttribute("aria-disabled")).toBe("true");
    await shoot("operation-panel-new-account");

    await page.goto(`${server.url}${registryPath("monitor/text", "guidance")}`);
    await page.getByRole("region", { name: "监测收费标准" }).waitFor();
    await expect.poll(() => newMonitoring().getAttribute("aria-disabled")).toBe("true");
    expect(await newMonitoring().evaluate((element) => getComputedStyle(element).cursor)).toBe("not-allowed");
    await newMonitoring().hover();
    await page.getByRole("tooltip").getByText("账号尚未完成实名认证，请先完成个人或企业实名认证").waitFor();
    await shoot("monitor-text-guidance-blocked");
    // A disabled link goes nowhere.
    await newMonitoring().click({ force: true });
    expect(new URL(page.url()).pathname).toBe(registryPath("monitor/text", "guidance"));
  });

  it("verified but without money: 301; with a balance: the button opens new monitoring and the recharge text offers a top-up", async () => {
    await verifyRealName();
    await page.reload();
    await expect.poll(() => newMonitoring().getAttribute("aria-disabled")).toBe("true");
    await newMonitoring().hover();
    await page.getByRole("tooltip").getByText(/账户余额不足/).waitFor();

    await setBalance(150_000);
    await page.reload();
    await page.getByRole("link", { name: "余额 1,500.00 元，继续充值" }).waitFor();
    await expect.poll(() => newMonitoring().getAttribute("href")).toBe(NEW_TEXT_MONITOR);
    await page.getByRole("button", { name: "查看收费标准" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("guidance-pricing");
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "monitor-text-guidance-pricing-viewport.png") });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot("monitor-text-guidance-active");
    await newMonitoring().click();
    await page.waitForURL(`**${NEW_TEXT_MONITOR}`);

    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.locator(".ant-statistic-content-value", { hasText: "1,500.00" }).waitFor();
    await expect.poll(() => newMonitoring().getAttribute("href")).toBe(NEW_TEXT_MONITOR);
    await shoot("operation-panel-funded");
  });

  it("a debt shows the balance followed by recharge", async () => {
    await setBalance(-1250);
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.getByRole("link", { name: "余额 -12.50 元，请充值" }).waitFor();
    await shoot("operation-panel-in-debt");
    expect(problems).toEqual([]);
  });
});
