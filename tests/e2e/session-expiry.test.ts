import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths";
import { captchaAnswerOf, registerUser, uniqueMobile } from "./support/api-accounts.js";
import { browserForFile, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { startServer, type ServerProcess } from "./support/server-process.js";

/** The server's idle limit for user sessions, shortened from 30 minutes so expiry happens within the test. */
const IDLE_MS = 3000;

// A server of its own, with the short idle limit.
let server: ServerProcess;
const browser = browserForFile();

beforeAll(async () => {
  server = await startServer({ env: { USER_SESSION_IDLE_MS: String(IDLE_MS) } });
});
afterAll(async () => {
  await server?.stop();
});

const storedItem = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/**
 * Password login on the home page's panel, as the user does it. Logging in in the page (rather than
 * storing an API session and reloading) keeps the seconds between login and the first signed-in
 * call short, which a 3-second idle limit on a busy machine needs.
 */
async function logInOnHomePage(page: Page, mobile: string, password: string) {
  const form = page.getByRole("form", { name: "账号密码登录" });
  await form.getByLabel("手机号或邮箱").fill(mobile);
  await form.getByLabel("密码").fill(password);
  await form.getByAltText("图形验证码，点击更换").waitFor();
  await form.getByLabel("图形验证码").fill(await captchaAnswerOf(page, server.url));
  await form.getByRole("button", { name: "登录" }).click();
}

describe("session expiry, end to end (spec §4)", () => {
  it("an idle session answers 103, the user lands on /index with the path remembered, and the next login returns there", async () => {
    const mobile = uniqueMobile();
    const password = "abc12345";
    await registerUser(server.url, mobile, password);

    const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/index`);
    await logInOnHomePage(page, mobile, password);
    await page.waitForURL(`${server.url}${registryPath("personal/operationPanel")}`);
    await page.getByText(`您好，${mobile}`).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "personal-shell-main-account.png"), fullPage: true });

    // Longer than the server's idle limit; the browser's own 30-minute rule still thinks the session alive.
    await page.waitForTimeout(IDLE_MS + 1000);
    const target = `${registryPath("personal/operationPanel")}?from=expiry`;
    const sessionCheck = page.waitForResponse((response) => response.url().includes(webapiPath(COMMON_ENDPOINTS.getTime)) && response.url().includes("token="));
    await page.goto(`${server.url}${target}`);
    expect(await (await sessionCheck).json()).toMatchObject({ code: 103, message: "登录已超时，请重新登录" });
    await page.waitForURL(`${server.url}/index`);
    expect(await storedItem(page, "evidence.userSession")).toBeNull();
    expect(await storedItem(page, "evidence.rememberedPath")).toBe(target);

    // Logging in again stores a new session, and the remembered path is where it leads.
    await logInOnHomePage(page, mobile, password);
    await page.waitForURL(`${server.url}${target}`);
    await page.getByText(`您好，${mobile}`).waitFor();
    expect(await storedItem(page, "evidence.rememberedPath")).toBeNull();
    expect(JSON.parse((await storedItem(page, "evidence.userSession")) ?? "{}")).toMatchObject({ mobile, token: expect.any(String) });
    expect(problems).toEqual([]);
    await context.close();
  });
});
