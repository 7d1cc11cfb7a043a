import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { registryPath } from "../../src/resources/registry-paths";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { signedGet } from "./support/signed-fetch.js";

const { server, browser } = sharedServerAndBrowser();
let desktop: BrowserContext;

beforeAll(async () => {
  // One browser profile for the whole journey, as one person at one computer.
  desktop = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  console.log(`screenshots: ${SCREENSHOT_DIR}`);
});

// Unique per run, so a rerun against a kept data folder is still a new person with a new phone.
const nickname = `端到端测试${Date.now().toString(36)}`;
const phone = `137${String(Date.now()).slice(-8)}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The confirm page's address, read from the framed QR page (the same URL its QR code encodes). */
async function confirmUrlOf(page: Page) {
  const frame = page.frameLocator('iframe[title="扫码登录二维码"]');
  await frame.getByText("开发环境模拟扫码").waitFor();
  const href = await frame.locator("a[data-confirm-url]").getAttribute("href");
  expect(href).toMatch(/\/dev\/wx\/confirm\?state=[\w-]+$/);
  return href!;
}

/** What the person does on the phone: open the scanned address, pick the identity, confirm. */
async function confirmOnPhone(confirmUrl: string, options: { screenshot?: string } = {}) {
  const phoneContext = await browser.newContext({ locale: "zh-CN", viewport: { width: 390, height: 760 }, isMobile: true });
  const phonePage = await phoneContext.newPage();
  const problems = watchConsole(phonePage);
  await phonePage.goto(confirmUrl);
  await phonePage.getByText("开发环境模拟").first().waitFor();
  await phonePage.getByLabel("选择或输入测试身份（昵称）").fill(nickname);
  if (options.screenshot) await shoot(phonePage, options.screenshot);
  await phonePage.getByRole("button", { name: "确认登录" }).click();
  await phonePage.getByText("已确认登录，请回到电脑上的页面").waitFor();
  expect(problems).toEqual([]);
  await phoneContext.close();
}

async function openScanTab(page: Page) {
  await page.goto(`${server.url}/index`);
  await page.getByRole("tab", { name: "扫码登录" }).click();
  return confirmUrlOf(page);
}

async function readCodeFromOutbox(to: string) {
  const { body } = await signedGet(server.url, webapiPath(DEV_ENDPOINTS.outbox), { to });
  const code = (body.datas.list[0]?.text as string | undefined)?.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();
  return code!;
}

describe("scan-code login through the (simulated) messaging app", () => {
  it("a new identity is bound to a new phone by code, then logs in directly on the next scan", async () => {
    const page = await desktop.newPage();
    const problems = watchConsole(page);

    const confirmUrl = await openScanTab(page);
    await shoot(page, "scan-login-qr-tab");
    await confirmOnPhone(confirmUrl, { screenshot: "scan-login-confirm-page" });

    // The QR page sees the confirmation, the whole window goes to /wxCallBack, which answers 5025.
    await page.waitForURL(/\/index\?showBindAccount=1&oauthUserId=[\w-]+$/);
    await page.getByRole("heading", { name: "绑定账号" }).waitFor();
    await shoot(page, "scan-login-bind-panel");

    await page.getByRole("tab", { name: "验证码绑定" }).click();
    const form = page.getByRole("form", { name: "验证码绑定" });
    await form.getByLabel("手机号或邮箱").fill(phone);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByText("验证码已发送，请注意查收").waitFor();
    await form.getByLabel("验证码", { exact: true }).fill(await readCodeFromOutbox(phone));
    await form.getByRole("button", { name: "绑定并登录" }).click();
    await page.waitForURL(`**${registryPath("personal/operationPanel")}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("evidence.userSession") ?? "{}").mobile)).toBe(phone);

    await page.getByRole("button", { name: /^用户菜单/ }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.waitForURL("**/index");

    const again = await openScanTab(page);
    await confirmOnPhone(again);
    await page.waitForURL(`**${registryPath("personal/operationPanel")}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("evidence.userSession") ?? "{}").mobile)).toBe(phone);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the security centre unbinds after a confirmation and binds again through a QR code in a modal", async () => {
    const page = await desktop.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}${registryPath("personal/securityCenter", "bindWechat")}`);
    await page.getByText("已绑定微信（开发环境模拟）").waitFor();

    await page.getByRole("button", { name: "解除绑定" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "解除绑定" }).click();
    await page.getByText("已解除绑定").waitFor();
    await page.getByText("未绑定微信").waitFor();

    await page.getByRole("button", { name: "绑定微信" }).click();
    const confirmUrl = await confirmUrlOf(page);
    await shoot(page, "bind-wechat-modal");
    await confirmOnPhone(confirmUrl);
    await page.getByText("绑定成功，以后可以用微信扫码登录本账号").waitFor();
    await page.getByText("已绑定微信（开发环境模拟）").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await shoot(page, "bind-wechat-bound");
    expect(problems).toEqual([]);
    await page.close();
  });
});
