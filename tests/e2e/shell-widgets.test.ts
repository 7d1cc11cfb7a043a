import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths";
import { registerUser, storeUserSession, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const live = sharedServerAndBrowser();
let login: LoginResult;

beforeAll(async () => {
  login = await registerUser(live.server.url, uniqueMobile(), "abc12345");
});

async function signedInPage(session: LoginResult = login): Promise<{ page: Page; problems: string[]; scripts: string[] }> {
  const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  await page.goto(`${live.server.url}/index`);
  await storeUserSession(page, session);
  return { page, problems, scripts };
}

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

describe("the logged-in shell's widgets in Chromium", () => {
  it("the related-applications drawer lists the seeded apps by category and opens one in a new tab", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${live.server.url}${registryPath("monitor/text", "guidance")}`);
    await page.getByRole("button", { name: "相关应用" }).click();
    const drawer = page.getByRole("dialog", { name: "相关应用" });
    await drawer.getByRole("region", { name: "证据服务" }).waitFor();
    const groups = await drawer.getByRole("region").evaluateAll((regions) => regions.map((region) => region.getAttribute("aria-label")));
    expect(groups).toEqual(["证据服务", "司法服务", "监测服务", "移动应用"]);
    // The seed hides 直播取证 (display 0).
    expect(await drawer.getByText("直播取证").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    await shoot(page, "shell-related-apps-drawer");

    const [opened] = await Promise.all([
      page.context().waitForEvent("page"),
      drawer.getByRole("region", { name: "司法服务" }).getByRole("link", { name: /^快速进入在线公证/ }).click(),
    ]);
    await opened.waitForURL(`**${registryPath("judicial/notarization", "guidance")}`);
    expect(page.url()).toContain(registryPath("monitor/text", "guidance"));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a dataChart page without monitoring hits yet draws the empty chart and says there is no data", async () => {
    const { page, problems, scripts } = await signedInPage();
    await page.goto(`${live.server.url}${registryPath("monitor/picture", "dataChart")}`);
    await page.getByRole("heading", { name: "数据图表" }).waitFor();
    await page.getByText("暂无监测数据").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("此功能将在后续版本开放").count()).toBe(0);
    expect(scripts.some((script) => script.includes("data-chart-page"))).toBe(true);
    // The chart library comes with the first chart drawn, here the empty frame of the last 30 days.
    expect(scripts.some((script) => script.includes("series-chart"))).toBe(true);
    await shoot(page, "section-monitor-data-chart");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a test account (istest) sees the 测试账号 mark and the test-data banner", async () => {
    const { page, problems } = await signedInPage({ ...login, loginUser: { ...login.loginUser, istest: true } });
    await page.goto(`${live.server.url}${registryPath("evidences/dataList")}`);
    await page.getByRole("alert").filter({ hasText: "当前登录的是测试账号" }).waitFor();
    await page.getByRole("banner").getByText("测试账号", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "证据列表" }).waitFor();
    await shoot(page, "shell-test-account");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
