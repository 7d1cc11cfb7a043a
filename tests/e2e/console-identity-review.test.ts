import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consolePath, registryPath } from "../../src/resources/registry-paths.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { createReviewer, signInWithEnrolment } from "./support/console-reviewer.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

async function newPage() {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

describe("identity review in the console, in Chromium", () => {
  it("a reviewer enrols TOTP, approves a real-name application submitted in another browser, and the customer sees 已认证", async () => {
    const mobile = uniqueMobile();
    const customer = await newPage();
    await signInPage(customer.page, server.url, await registerUser(server.url, mobile, "abc12345"));
    await customer.page.goto(`${server.url}${registryPath("personal/securityCenter", "authentication")}`);
    const first17 = "32010219910909123";
    const idNumber = first17 + nationalIdCheckChar(first17);
    await customer.page.getByLabel("真实姓名").fill("孙小美");
    await customer.page.getByLabel("身份证号码").fill(idNumber);
    await customer.page.getByRole("button", { name: "提交认证" }).click();
    await customer.page.getByText("实名认证审核中").waitFor();

    const reviewer = await newPage();
    await signInWithEnrolment(reviewer.page, server, await createReviewer(server));
    await reviewer.page.goto(`${server.url}${consolePath("review/identityApplications", "dataList")}`);
    const row = reviewer.page.getByRole("row", { name: new RegExp(mobile) });
    await row.getByText("孙小美").waitFor();
    await shoot(reviewer.page, "console-identity-review-list");
    await row.getByRole("link", { name: "审核" }).click();
    await reviewer.page.getByText(idNumber).waitFor();
    await reviewer.page.getByText("自动核验：未能自动核验").waitFor();
    await shoot(reviewer.page, "console-identity-review-application");
    await reviewer.page.getByRole("button", { name: "通过" }).click();
    await reviewer.page.locator(".ant-popconfirm").getByRole("button", { name: "通过" }).click();
    await reviewer.page.getByText(/已通过申请 \d+，已通知用户/).waitFor();
    expect(new URL(reviewer.page.url()).pathname).toBe(consolePath("review/identityApplications", "dataList"));

    await customer.page.reload();
    await customer.page.getByText("已完成实名认证").waitFor();
    await customer.page.goto(`${server.url}${registryPath("personal/accountManagement")}`);
    await customer.page.getByRole("row", { name: /个人实名认证/ }).getByText("已认证").waitFor();
    await shoot(customer.page, "console-identity-review-customer-verified");
    expect([...customer.problems, ...reviewer.problems]).toEqual([]);
  });
});
