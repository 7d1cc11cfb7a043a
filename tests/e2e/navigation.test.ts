import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/dialect.js";
import { demoArticles } from "../../server/db/seed/demo-articles.js";
import { SessionRepository } from "../../server/modules/session/session.repository.js";
import { SessionService } from "../../server/modules/session/session.service.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths";
import { browserForFile, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { logOutThroughUserMenu } from "./support/personal-shell.js";
import { signedGet } from "./support/signed-fetch.js";

const OPERATION_PANEL = registryPath("personal/operationPanel");

// A server of its own: the home page is checked on a fresh, empty ledger.
let server: ServerProcess;
const browser = browserForFile();
let database: DatabaseHandle;
let sessions: SessionService;

beforeAll(async () => {
  server = await startServer();
  // The test opens the server's own SQLite file beside it (WAL allows it) to create sessions,
  // as the accounts module will once login exists.
  database = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "platform.sqlite") });
  sessions = new SessionService(new SessionRepository(database.db), Date.now);
  console.log(`screenshots: ${SCREENSHOT_DIR}`);
});
afterAll(async () => {
  await database?.db.destroy();
  await server?.stop();
});

type StoredUser = { token: string; timestamp: number; id: string; loginAccount: string; islogin: boolean };

async function openPage(options: { user?: StoredUser } = {}) {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  if (options.user) {
    await context.addInitScript((user) => {
      localStorage.setItem("evidence.userSession", JSON.stringify(user));
    }, options.user);
  }
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

async function signedInUser(minutesAgo = 0): Promise<StoredUser> {
  const id = `e2e-${Math.random().toString(36).slice(2)}`;
  const { token } = await sessions.create(id, "user");
  return { token, timestamp: Date.now() - minutesAgo * 60_000, id, loginAccount: "13800138000", islogin: true };
}

function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe("as a visitor", () => {
  it("/ goes to /index, which shows the banners, the product news and the server clock", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL("**/index");
    const newest = [...demoArticles].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0];
    await page.getByText(newest.title).first().waitFor();
    await page.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/).first().waitFor();
    expect(await page.title()).toContain("衡证");
    // A fresh ledger has only its empty checkpoint: the page says so instead of showing zeros.
    await page.getByText("账本尚未产生区块").waitFor();
    await expect.poll(() => page.getByRole("list", { name: "合作伙伴展示位（示意）" }).getByRole("img").count()).toBe(64);
    await expect.poll(() => page.getByRole("navigation", { name: "主导航" }).getByRole("link").count()).toBe(13);
    await shoot(page, "visitor-home");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the public header is fixed once the page scrolls past 30 px; the floating QR codes are real and open our pages", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/index`);
    const header = page.getByRole("banner");
    await header.waitFor();
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe("relative");
    // The home page's body loads after the shell (its own chunk, with whatever antd it draws): scroll once the page is that long.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), { timeout: 10_000 }).toBeGreaterThan(600);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    await page.getByRole("button", { name: "回到顶部" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "App 二维码" }).hover();
    const code = page.getByRole("img", { name: "手机 App二维码" });
    expect(await code.getAttribute("data-qr-text")).toBe(`${server.url}/info/product`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "home-header-scrolled.png") });
    await page.mouse.wheel(0, 2000);
    await page.getByRole("button", { name: "回到顶部" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe("relative");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  // On a full page load; the walk of every main section in the app is all-routes.test.ts's.
  it("is sent from the operation panel to /index", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.waitForURL("**/index");
    expect(pathOf(page)).toBe("/index");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("is sent from the notary console to the notary login", async () => {
    const { page } = await openPage();
    await page.goto(`${server.url}/info/notaryRequests/requestList`);
    await page.waitForURL("**/info/notaryOfficeLogin");
    await page.context().close();
  });

  it("sees the static error page on an unknown path, which keeps its URL", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText("抱歉，您访问的页面不存在或已被移除。").waitFor();
    expect(pathOf(page)).toBe("/no/such/page");
    await shoot(page, "error-page");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("as a signed-in user", () => {
  it("/ goes to the operation panel, greeting by display name", async () => {
    const { page, problems } = await openPage({ user: await signedInUser() });
    await page.goto(`${server.url}/`);
    await page.waitForURL(`**${OPERATION_PANEL}`);
    await page.getByText("您好，13800138000").waitFor();
    await shoot(page, "operation-panel");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("on /index has the user menu in the public header, which leads into the workspace", async () => {
    const { page, problems } = await openPage({ user: await signedInUser() });
    await page.goto(`${server.url}/index`);
    await page.getByRole("heading", { name: "13800138000" }).waitFor();
    expect(await page.getByRole("link", { name: "登录", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "用户菜单：13800138000" }).click();
    await page.getByRole("menuitem", { name: /进入工作台/ }).click();
    await page.waitForURL(`**${OPERATION_PANEL}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("/index?source=judicialExpert goes to /judicialStatus keeping the query", async () => {
    const { page } = await openPage({ user: await signedInUser() });
    await page.goto(`${server.url}/index?source=judicialExpert&caseId=7`);
    await page.waitForURL("**/judicialStatus?source=judicialExpert&caseId=7");
    await page.context().close();
  });

  it("a session idle for more than 30 minutes sends the user to /index", async () => {
    const { page } = await openPage({ user: await signedInUser(31) });
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.waitForURL("**/index");
    expect(await page.evaluate(() => localStorage.getItem("evidence.userSession"))).toBeNull();
    await page.context().close();
  });

  it("logging out ends the session on the server and returns to /index", async () => {
    const user = await signedInUser();
    const { page, problems } = await openPage({ user });
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await logOutThroughUserMenu(page);
    const afterLogout = await signedGet(server.url, webapiPath(COMMON_ENDPOINTS.getTime), { token: user.token });
    expect(afterLogout.body.code).toBe(3013);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a session ended on the server is noticed by the next call and the user leaves the protected page", async () => {
    const user = await signedInUser();
    await sessions.endAllOf(user.id, "user", "account-disabled");
    const { page } = await openPage({ user });
    await page.goto(`${server.url}${OPERATION_PANEL}`);
    await page.waitForURL("**/index", { timeout: 15_000 });
    await page.context().close();
  });
});
