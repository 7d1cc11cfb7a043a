import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const live = sharedServerAndBrowser();
let login: LoginResult;

beforeAll(async () => {
  login = await registerUser(live.server.url, uniqueMobile(), "abc12345");
});

async function signedInPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signInPage(page, live.server.url, login);
  return { page, problems };
}

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const sideNav = (page: Page, name: string) => page.getByRole("navigation", { name });

describe("the registry's pages in Chromium", () => {
  it("a visitor's first load of /index fetches none of the main sections' page code", async () => {
    const context = await live.browser.newContext({ locale: "zh-CN" });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    await page.goto(`${live.server.url}/index`);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    const sectionChunks = scripts.filter((script) => /(guidance|data-list|data-chart|series-chart|new-page|record-page|app-shell|operation-panel|account-management)/.test(script));
    expect(sectionChunks).toEqual([]);
    await context.close();
  });

  it("/monitor leads to the first monitoring guidance, with the §9 prices and the monitoring side navigation", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${live.server.url}${registryPath("monitor")}`);
    await page.waitForURL(`**${registryPath("monitor/rights", "guidance")}`);
    await page.getByRole("heading", { name: "监测指引" }).waitFor();
    await page.getByRole("region", { name: "监测收费标准" }).waitFor();
    const nav = sideNav(page, "全网监测导航");
    for (const label of ["信息监测", "音乐监测", "电台监测", "文学监测", "短视频监测"]) await nav.getByText(label, { exact: true }).waitFor();
    await nav.getByText("信息监测", { exact: true }).click();
    // The group opens (and the current one closes) with a height animation: a link clicked while
    // the menu still moves can be missed, so click once nothing in it is animating.
    await expect.poll(() => nav.locator('[class*="motion-collapse"]').count()).toBe(0);
    await nav.getByRole("link", { name: "新建信息监测" }).click();
    await page.waitForURL(`**${registryPath("monitor/text", "ystwnew")}`);
    // Issue 18: the task form, with the bill of spec §9.
    await page.getByRole("heading", { name: "新建信息监测" }).waitFor();
    await page.getByRole("button", { name: /添加站点/ }).waitFor();
    expect(await page.getByText("此功能将在后续版本开放").count()).toBe(0);
    await page.goto(`${live.server.url}${registryPath("monitor/text", "guidance")}`);
    await page.getByRole("region", { name: "监测收费标准" }).waitFor();
    await nav.getByRole("link", { name: "证书列表" }).waitFor();
    await shoot(page, "section-monitor-guidance");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a section root leads to its guidance, and its list shows the holder's (still empty) records", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${live.server.url}${registryPath("evidenceSave/hashEvidence")}`);
    await page.waitForURL(`**${registryPath("evidenceSave/hashEvidence", "guidance")}`);
    await page.getByText(/哈希存证只提交文件的摘要值/).waitFor();
    await shoot(page, "section-hash-guidance");
    // The current section's group is open; its list is the visible 存证列表.
    await sideNav(page, "区块链存证导航").getByRole("link", { name: "存证列表" }).filter({ visible: true }).click();
    await page.waitForURL(`**${registryPath("evidenceSave/hashEvidence", "dataList")}`);
    await page.getByRole("heading", { name: "存证列表" }).waitFor();
    await page.getByRole("button", { name: "新建哈希存证" }).waitFor();
    await page.getByText("暂无数据").first().waitFor();
    await shoot(page, "section-hash-evidence-list");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the main navigation moves between the main sections; personal pages keep their own screens", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${live.server.url}${registryPath("personal/expenseCenter")}`);
    await page.waitForURL(`**${registryPath("personal/expenseCenter", "onlineCharge")}`);
    await page.getByRole("menu", { name: "费用中心页面" }).getByRole("link", { name: "收费标准" }).click();
    await page.getByRole("region", { name: "公证套餐价格" }).waitFor();
    await shoot(page, "section-expense-rule");
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "证据库" }).click();
    await page.waitForURL(`**${registryPath("evidences/dataList")}`);
    await page.getByRole("heading", { name: "证据列表" }).waitFor();
    await page.goto(`${live.server.url}${registryPath("personal/accountManagement")}`);
    await page.getByRole("button", { name: "修改头像" }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
