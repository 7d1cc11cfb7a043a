import { createHash } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/dialect.js";
import { PasswordHasher } from "../../server/modules/account/password-hasher.js";
import { UserRepository } from "../../server/modules/account/user.repository.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { AccountType } from "../../src/schema/account.js";
import { loginWithPassword, registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();
let database: DatabaseHandle;

beforeAll(async () => {
  database = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "platform.sqlite") });
});
afterAll(async () => {
  await database?.db.destroy();
});

const PASSWORD = "abc12345";

/**
 * A sub-account of a freshly registered main account that has already chosen its own password.
 * One created through CHILD_ACCOUNT_ENDPOINTS.create must replace its initial password at its
 * first login (3011; tests/server/child-accounts.test.ts), so the row is written with the accounts
 * module's UserRepository into the running server's SQLite file (WAL allows it) as it stands after
 * that change; the sub-account then logs in through the real login.
 */
async function subAccountLogin(): Promise<LoginResult> {
  const main = await registerUser(server.url, uniqueMobile(), PASSWORD);
  const mobile = uniqueMobile();
  const now = Date.now();
  await new UserRepository(database.db).insert({
    login_account: mobile,
    mobile,
    mail: null,
    password_hash: await new PasswordHasher(14).hash(createHash("md5").update(PASSWORD).digest("hex")),
    password_changed_at: now,
    account_type: AccountType.subAccount,
    parent_id: main.loginUser.id,
    status: "active",
    created_at: now,
    updated_at: now,
  });
  return loginWithPassword(server.url, mobile, PASSWORD);
}

async function openOperationPanel(login: LoginResult) {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signInPage(page, server.url, login);
  await page.goto(`${server.url}${registryPath("personal/operationPanel")}`);
  await sideNav(page).getByRole("link", { name: "运营面板" }).waitFor();
  return { page, problems };
}

const sideNav = (page: Page) => page.getByRole("navigation", { name: "个人中心导航" });
const linkTexts = (page: Page, navigation: string) => page.getByRole("navigation", { name: navigation }).getByRole("link").allTextContents();

describe("a sub-account in the personal shell (spec §6)", () => {
  it("sees no child-account or invoice management, the 子账号 flag, the real-name prompt and its own shortcuts", async () => {
    const login = await subAccountLogin();
    expect(login.loginUser.accountType).toBe(3);
    const { page, problems } = await openOperationPanel(login);

    expect(await linkTexts(page, "个人中心导航")).toEqual(["运营面板", "账号管理", "安全中心", "费用中心"]);
    expect(await sideNav(page).getByRole("link", { name: "费用中心" }).getAttribute("href")).toBe(registryPath("personal/expenseCenter", "expenseRecord"));
    await page.getByText("子账号", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "实名认证很重要，去认证" }).getAttribute("href")).toBe(registryPath("personal/securityCenter", "authentication"));
    expect(await linkTexts(page, "快捷入口")).toEqual(["修改密码", "消费记录"]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "personal-shell-sub-account.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("while its main account sees every section and the top-up shortcuts", async () => {
    const { page, problems } = await openOperationPanel(await registerUser(server.url, uniqueMobile(), PASSWORD));
    expect(await linkTexts(page, "个人中心导航")).toEqual(["运营面板", "账号管理", "子账号管理", "安全中心", "费用中心", "发票管理"]);
    expect(await page.getByText("子账号", { exact: true }).count()).toBe(0);
    expect(await linkTexts(page, "快捷入口")).toEqual(["在线充值", "购买套餐"]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
