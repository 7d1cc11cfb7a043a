import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { registerUser, storeUserSession, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

describe("recharge through the simulated cashier", () => {
  it("chooses an amount, pays on the cashier page and comes back to a paid order and the new balance", async () => {
    // The browser uses the server's default public address (http://localhost:PORT), the one the cashier sends it back to.
    const site = server.url.replace("127.0.0.1", "localhost");
    const login = await registerUser(server.url, uniqueMobile(), "abc12345");
    const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${site}/index`);
    await storeUserSession(page, login);

    await page.goto(`${site}${registryPath("personal/expenseCenter", "onlineCharge")}`);
    await page.getByText("500 元", { exact: true }).click();
    await page.getByRole("radio", { name: "模拟支付（开发环境）" }).waitFor({ state: "attached" });
    await shoot(page, "recharge-form");
    await page.getByRole("button", { name: "去支付 500 元" }).click();
    await page.waitForURL("**/dev/cashier?**");
    await page.getByText("开发环境模拟收银台 — 不会产生真实扣款").waitFor();
    await shoot(page, "recharge-simulated-cashier");
    await page.getByRole("button", { name: "支付成功" }).click();

    await page.waitForURL(`**${registryPath("personal/expenseCenter", "onlineCharge")}?merchantOrderNo=*`);
    await page.getByText("充值成功").waitFor();
    await page.getByText(/当前账户余额 500.00 元/).waitFor();
    await shoot(page, "recharge-paid");

    await page.goto(`${site}${registryPath("personal/operationPanel")}`);
    await page.getByRole("link", { name: "余额 500.00 元，继续充值" }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
