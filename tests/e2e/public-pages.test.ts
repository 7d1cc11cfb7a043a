import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_PATHS } from "../../src/app/public-page-paths.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const live = sharedServerAndBrowser();

async function openPage() {
  const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `public-${name}.png`), fullPage: true });
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Page titles are h1; the legal texts keep the account frame's h2. */
const title = (page: Page, name: string, level = 1) => page.getByRole("heading", { level, name, exact: true }).waitFor();

/**
 * The public pages' own journeys. That every public page renders its title without console errors,
 * for a visitor and for a signed-in user, and that the pages needing a login send a visitor home,
 * is the route walk's (all-routes.test.ts).
 */
describe("public pages as a visitor", () => {
  it("sees the ledger's live statistics: block height, the log and its witness, the entries", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.blockChain}`);
    const statistics = page.getByRole("region", { name: "账本实时统计" });
    await statistics.getByText("区块高度").waitFor();
    await expect.poll(() => statistics.textContent()).toMatch(/区块高度\d+节点数\d+交易数\d+/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("reads the product news page by page and opens an article with its neighbours", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.activityProduct}`);
    const firstTitle = page.locator(".ant-list-item-meta-title a").first();
    await firstTitle.waitFor();
    const newest = (await firstTitle.textContent()) ?? "";
    await page.getByRole("navigation", { name: "分页" }).getByTitle("2").click();
    await page.waitForURL(/pageNumber=2/);
    await page.goBack();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.activityProduct}`);
    await page.getByRole("link", { name: newest }).click();
    await title(page, newest);
    expect(pathOf(page)).toMatch(/^\/info\/detailsProduct\?articleId=\d+$/);
    await page.getByText(/^发布日期：\d{4}年\d{2}月\d{2}日$/).waitFor();
    const articleNavigation = page.getByRole("navigation", { name: "文章导航" });
    await articleNavigation.getByText("没有了").waitFor();
    await shoot(page, "detailsProduct");
    await articleNavigation.getByRole("link").first().click();
    await page.getByRole("navigation", { name: "文章导航" }).getByRole("link", { name: newest }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("jumps to the discount section of the lawyers' promotion and opens its description", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.lawyerActivity}`);
    await page.getByRole("link", { name: "查看优惠套餐" }).click();
    await page.waitForURL(/#discount$/);
    await page.getByRole("button", { name: "活动说明" }).click();
    await page.getByRole("dialog", { name: "活动说明" }).waitFor();
    await shoot(page, "lawyerActivity-description");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("buy buttons lead to the package purchase page", async () => {
    const { page } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.activity}`);
    expect(await page.getByRole("link", { name: "购买套餐" }).getAttribute("href")).toBe(registryPath("personal/expenseCenter", "purchasePackage"));
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.notarizationActivity}`);
    // A bundle card's button also names its bundle (?product=…); the page is the purchase page.
    for (const link of await page.getByRole("link", { name: "立即购买" }).all()) expect((await link.getAttribute("href"))?.split("?")[0]).toBe(registryPath("personal/expenseCenter", "purchasePackage"));
    await page.context().close();
  });

  it("the built app and /opendocs run under their Content-Security-Policy with no violation, and an injected inline script does not run", async () => {
    const { page, problems } = await openPage();
    const home = await page.goto(`${live.server.url}/index`);
    expect(home?.headers()["content-security-policy"]).toContain("script-src 'self';");
    await page.waitForLoadState("networkidle");
    // The live statistics come over the same-origin websocket.
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.blockChain}`);
    await expect.poll(() => page.getByRole("region", { name: "账本实时统计" }).textContent()).toMatch(/区块高度\d+节点数\d+交易数\d+/);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);

    // What an XSS would try: the policy refuses it, and the watcher sees the refusal.
    const didRun = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(didRun).toBe(false);
    await expect.poll(() => problems.join("\n")).toMatch(/CSP violation: script-src-elem blocked inline/);
    problems.length = 0;

    const docs = await page.goto(`${live.server.url}/opendocs`);
    expect(docs?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.locator(".swagger-ui .info .title").getByText("衡证电子证据平台").waitFor();
    await page.locator(".opblock-summary").first().click();
    await page.locator(".opblock-body").first().waitFor();
    await page.waitForLoadState("networkidle");
    await shoot(page, "opendocs");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
