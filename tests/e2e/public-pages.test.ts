import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGE_PATHS } from "../../src/app/public-page-paths.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { registerUser, storeUserSession, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
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

/** Pages a visitor may open (spec §2 public prefixes), with the title each shows. */
const VISITOR_PAGES: readonly [keyof typeof PUBLIC_PAGE_PATHS, string, number?][] = [
  ["blockChain", "司法联盟链"],
  ["bigData", "大数据监测"],
  ["internetCourt", "互联网法院"],
  ["about", "关于我们"],
  ["product", "产品服务"],
  ["activityProduct", "产品动态"],
  ["openPlatform", "开放平台"],
  ["extractLogin", "证据提取"],
  ["extractList", "提取列表"],
  ["certificate", "存证证书"],
  ["notaryCertificate", "公证书查询"],
  ["xcontractCertificate", "电子合同存证证书"],
  ["validateQuery", "查询验证"],
  ["activity", "优惠活动"],
  ["lawyerActivity", "律师互联网取证优惠"],
  ["notarizationActivity", "网页取证公证套餐"],
  ["qrCodeShare", "扫码查看"],
  ["evidenceShare", "证据分享"],
  ["legalXGPT", "法律AI助手对话"],
  ["legalXGPTagreement", "法律AI助手使用协议", 2],
  ["legalXGPTShare", "法律AI助手对话分享"],
];

/** Pages outside the spec's public prefixes: a visitor is sent home, a signed-in user sees them. */
const SIGNED_IN_PAGES: readonly [keyof typeof PUBLIC_PAGE_PATHS, string][] = [
  ["legalAI", "法律AI助手"],
  ["notaryEntrance", "公证入口"],
];

describe("public pages as a visitor", () => {
  // Each page in a fresh browser context of its own, a few at once: most of a page's time is
  // waiting (the network falling idle, the screenshot), which the others use.
  it.concurrent.each(VISITOR_PAGES)("%s shows its title without console errors", async (key, heading, level) => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS[key]}`);
    await title(page, heading, level);
    expect(await page.title()).toBe(`${heading} - 衡证电子证据平台`);
    await page.waitForLoadState("networkidle");
    await shoot(page, key);
    expect(problems).toEqual([]);
    await page.context().close();
  });

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

  it("/obtainEvidence is answered by the server with the evidence extraction login", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS.obtainEvidence}?from=qr`);
    await title(page, "证据提取");
    expect(pathOf(page)).toBe(`${PUBLIC_PAGE_PATHS.extractLogin}?from=qr`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(SIGNED_IN_PAGES)("is sent home from %s, which needs a login", async (key) => {
    const { page } = await openPage();
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS[key]}`);
    await page.waitForURL("**/index");
    await page.context().close();
  });
});

describe("public pages that need a login", () => {
  let login: LoginResult;
  beforeAll(async () => {
    login = await registerUser(live.server.url, uniqueMobile(), "abc12345");
  });

  it.each(SIGNED_IN_PAGES)("%s shows its title to a signed-in user", async (key, heading) => {
    const { page, problems } = await openPage();
    await page.goto(`${live.server.url}/user/agreement`);
    await storeUserSession(page, login);
    await page.goto(`${live.server.url}${PUBLIC_PAGE_PATHS[key]}`);
    await title(page, heading);
    await page.waitForLoadState("networkidle");
    await shoot(page, key);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
