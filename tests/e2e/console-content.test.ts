import path from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoBanners } from "../../server/db/seed/demo-banners.js";
import { TOTP_SETTINGS } from "../../server/modules/console/operators/totp.js";
import { APP_PATHS } from "../../src/app/path-rules.js";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry.js";
import { registryPathIn } from "../../src/resources/derive.js";
import { gradientPng } from "../server/support/png-image.js";
import { captchaAnswerOf } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { serverAndBrowserPerFile } from "./support/platform.js";

// A server of its own: the demo operator binds its authenticator once, and the seeded banner is changed here.
const live = serverAndBrowserPerFile();

/** Where the browser is to be, for a page of a content section named through the registry. */
const at = (section: string, page: string) => `${live.server.url}${registryPathIn(CONSOLE_REGISTRY, `content/${section}`, page, APP_PATHS.console)}`;

const DEMO_OPERATOR = { account: "admin", password: "Console2026" };
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

/** The console's login as an operator does it: password and captcha, then binding the authenticator with a computed code. */
async function signInToConsole(page: Page) {
  await page.goto(`${live.server.url}${APP_PATHS.consoleLogin}`);
  await page.getByLabel("操作员账号").fill(DEMO_OPERATOR.account);
  await page.getByLabel("密码").fill(DEMO_OPERATOR.password);
  await page.getByLabel("图形验证码").fill(await captchaAnswerOf(page, live.server.url));
  await page.getByRole("button", { name: "下一步" }).click();
  const secret = (await page.getByLabel("身份验证器密钥").textContent())!.trim();
  const code = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel("6位动态验证码").fill(code);
  await page.getByRole("button", { name: "确认绑定" }).click();
  await page.getByText("我已妥善保存恢复码").click();
  await page.getByRole("button", { name: "进入运营后台" }).click();
  await page.waitForURL(`${live.server.url}${APP_PATHS.console}`);
}

describe("content in the console", () => {
  let page: Page;
  let problems: string[];

  it("an operator edits a published banner, previews it in the carousel, and the home page shows it", async () => {
    const operatorContext = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1440, height: 1000 } });
    page = await operatorContext.newPage();
    problems = watchConsole(page);
    await signInToConsole(page);

    await page.getByRole("link", { name: "轮播图" }).first().click();
    await page.waitForURL(at("banners", "list"));
    const firstRow = page.getByLabel(`${demoBanners[0].title}的操作`);
    await firstRow.waitFor();
    await shoot(page, "console-banner-list");
    await firstRow.getByRole("link", { name: "编辑" }).click();
    await page.waitForURL(`${at("banners", "edit")}?id=*`);

    const title = page.getByLabel("标题", { exact: true });
    await title.fill("运营后台改过的横幅");
    const preview = page.getByRole("region", { name: "轮播图预览" });
    await preview.getByRole("heading", { name: "运营后台改过的横幅" }).waitFor();
    await shoot(page, "console-banner-editor");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForURL(at("banners", "list"));
    await page.getByLabel("运营后台改过的横幅的操作").waitFor();

    const visitor = await live.browser.newPage({ locale: "zh-CN", viewport: { width: 1440, height: 900 } });
    await visitor.goto(`${live.server.url}/`);
    await visitor.getByRole("heading", { name: "运营后台改过的横幅" }).first().waitFor();
    await shoot(visitor, "home-with-edited-banner");
    await visitor.context().close();

    // Taken offline, it is gone from the next visitor's home page.
    await page.getByLabel("运营后台改过的横幅的操作").getByRole("button", { name: "下线" }).click();
    await page.getByText("已下线：运营后台改过的横幅").waitFor();
    const later = await live.browser.newPage({ locale: "zh-CN", viewport: { width: 1440, height: 900 } });
    await later.goto(`${live.server.url}/`);
    await later.getByRole("heading", { name: demoBanners[1].title }).first().waitFor();
    expect(await later.getByRole("heading", { name: "运营后台改过的横幅" }).count()).toBe(0);
    await later.context().close();

    expect(problems).toEqual([]);
  });

  it("an operator writes product news with a script in it, previews the cleaned article, publishes it, and visitors read it without the script", async () => {
    await page.getByRole("link", { name: "产品动态" }).first().click();
    await page.getByRole("link", { name: "新建产品动态" }).click();
    await page.waitForURL(at("news", "new"));
    await page.getByLabel("标题", { exact: true }).fill("运营后台发布的动态");
    await page.getByLabel("标签").fill("运营, 发布");
    await page.getByLabel("摘要").fill("一句话说明这次发布。");
    await page.getByLabel("正文（HTML）").fill('<h3>小标题</h3><p>正文第一段<script>window.injected = 1</script></p><img src="/assets/images/banner/ledger-hero.svg" onerror="window.injected = 2">');
    await page.getByRole("button", { name: "预览" }).click();
    const preview = page.getByRole("region", { name: "产品动态预览" });
    await preview.getByRole("heading", { name: "小标题" }).waitFor();
    expect(await preview.locator("script, [onerror]").count()).toBe(0);
    await preview.screenshot({ path: path.join(SCREENSHOT_DIR, "console-news-preview.png") });
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "保存为草稿" }).click();
    await page.waitForURL(at("news", "list"));
    const row = page.getByLabel("运营后台发布的动态的操作");
    await row.getByRole("button", { name: "发布" }).click();
    await page.getByText("已发布：运营后台发布的动态").waitFor();

    const visitor = await live.browser.newPage({ locale: "zh-CN", viewport: { width: 1440, height: 900 } });
    await visitor.goto(`${live.server.url}/`);
    await visitor.getByRole("link", { name: /运营后台发布的动态/ }).first().click();
    await visitor.getByRole("heading", { name: "小标题" }).waitFor();
    expect(await visitor.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    await visitor.context().close();
    expect(problems).toEqual([]);
  });

  it("an operator adds a related application with an uploaded logo", async () => {
    await page.getByRole("link", { name: "相关应用" }).first().click();
    await page.getByRole("link", { name: "新建相关应用" }).click();
    await page.getByLabel("应用名称").fill("运营新增应用");
    await page.getByLabel("应用简介").fill("在运营后台新增的应用。");
    await page.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: gradientPng(64, 64) });
    await page.getByRole("region", { name: "相关应用预览" }).getByRole("img").waitFor();
    await page.getByLabel("快速进入地址").fill("https://apps.example.com/");
    await shoot(page, "console-dapp-editor");
    await page.getByRole("button", { name: "保存为草稿" }).click();
    await page.waitForURL(at("dapps", "list"));
    await page.getByLabel("运营新增应用的操作").getByRole("button", { name: "发布" }).click();
    await page.getByText("已发布：运营新增应用").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
