import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { LAWSUIT_PACKAGE_MESSAGES } from "../../src/schema/lawsuit-package.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { call, captchaAnswerOf, expectSuccess, registerUser, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { decideInConsole } from "./support/console-reviewer.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const { server, browser } = sharedServerAndBrowser();
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const FIRST_17 = "32010219870611002";
const HOLDER_ID = FIRST_17 + nationalIdCheckChar(FIRST_17);

/**
 * The help centre (issue 19) as a visitor and a certificate holder meet it, on the seeded
 * development content: it lands on the first leaf, walks the menu through all six kinds, finds
 * 存证 articles by search, and gives the litigation package of a certificate to the holder's ID
 * number only.
 */
describe("the help centre in the browser", { timeout: 180_000 }, () => {
  let holder: LoginResult;
  let certificateNo: string;

  beforeAll(async () => {
    const mobile = uniqueMobile();
    holder = await registerUser(server.url, mobile, "abc12345");
    expectSuccess("submitRealName", (await call(server.url, PERSONAL_ENDPOINTS.submitRealName, { realName: "周诉讼", idNumber: HOLDER_ID, token: holder.token })).body);
    await decideInConsole(server, mobile, "approve");
    const stored = await uploadEvidence(server.url, evidenceEndpoints("file").create, holder.token, {}, [{ name: "借款合同.pdf", content: randomBytes(3000) }]);
    certificateNo = expectSuccess("file evidence", stored as { code: number; message: string; datas: { certificateNo: string }[] })[0].certificateNo;
  }, 120_000);

  async function openHelpCentre(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/helpcenter`);
    return { page, problems };
  }

  const menu = (page: Page) => page.getByRole("navigation", { name: "帮助中心目录" });
  const crumbs = (page: Page) => page.locator(".ant-breadcrumb");

  it("lands on the first leaf and walks the menu through all six kinds", async () => {
    const { page, problems } = await openHelpCentre();
    // The first leaf, 存证知识, is the landing; its list shows ten articles a page.
    await expect.poll(() => crumbs(page).innerText()).toContain("存证知识");
    const firstArticle = page.locator("main a[href*='articleId=']").first();
    await firstArticle.waitFor();
    const title = await firstArticle.innerText();
    await shoot(page, "help-centre-landing");
    await firstArticle.click();
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByRole("navigation", { name: "文章导航" }).getByText("下一篇").waitFor();

    // A group does nothing; a leaf opens its kind.
    const before = page.url();
    await menu(page).getByText("证据知识", { exact: true }).click();
    expect(page.url()).toBe(before);

    await menu(page).getByText("电子证据原理", { exact: true }).click();
    await page.getByAltText("第1页").waitFor({ timeout: 60_000 });
    await page.getByRole("link", { name: /下载 ?PDF/ }).waitFor();
    await shoot(page, "help-centre-principles");

    await menu(page).getByText("司法案例", { exact: true }).click();
    const caseLink = page.locator("main a[href*='articleId=']").first();
    await caseLink.waitFor();
    await caseLink.click();
    await page.getByRole("region", { name: "裁判理由" }).waitFor();
    await page.getByText("审理法院").waitFor();
    await shoot(page, "help-centre-law-case");

    await menu(page).getByText("常见问题", { exact: true }).click();
    await page.locator(".ant-card").first().waitFor();
    // A card whose summary was cut at 114 characters opens the answer; a short one is not a link.
    await expect.poll(() => page.getByRole("link", { name: /^查看/ }).count()).toBeGreaterThan(0);
    const cards = await page.locator("main .ant-card .ant-card").count();
    expect(await page.getByRole("link", { name: /^查看/ }).count()).toBeLessThan(cards);
    await shoot(page, "help-centre-faq");

    await menu(page).getByText("用户手册", { exact: true }).click();
    await page.locator("main a[href*='articleId=']").first().waitFor();

    await menu(page).getByText("诉讼包下载", { exact: true }).click();
    await page.getByRole("form", { name: "诉讼包验证" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("finds articles about 存证 through the search drawer", async () => {
    const { page, problems } = await openHelpCentre();
    await page.getByRole("button", { name: "输入关键词搜索" }).click();
    await page.getByLabel("搜索关键词").fill("存证");
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    const results = page.getByRole("list", { name: "搜索结果" }).or(page.getByLabel("搜索结果"));
    await results.locator("a").first().waitFor();
    expect(await results.locator("a").count()).toBeGreaterThan(3);
    await expect.poll(() => results.innerText()).toMatch(/证据知识 › 存证知识|使用帮助 › /);
    await shoot(page, "help-centre-search");
    const hit = results.locator("a").first();
    const title = await hit.innerText();
    await hit.click();
    await page.getByRole("heading", { name: title }).waitFor();
    expect(problems).toEqual([]);
  });

  it("gives the litigation package to the holder's ID number and refuses another", async () => {
    const { page, problems } = await openHelpCentre();
    await menu(page).getByText("诉讼包下载", { exact: true }).click();
    const form = page.getByRole("form", { name: "诉讼包验证" });
    await form.waitFor();
    // Each field is checked on blur with the spec's words.
    await form.getByLabel("证书编号").focus();
    await form.getByLabel("证件号码").focus();
    await form.getByRole("textbox", { name: "验证码" }).focus();
    await form.getByLabel("证书编号").focus();
    await page.getByText("请输入证书编号", { exact: true }).waitFor();
    await page.getByText("请输入证件号码", { exact: true }).waitFor();

    const OTHER_17 = "32010219870611003";
    await form.getByLabel("证书编号").fill(certificateNo);
    await form.getByLabel("证件号码").fill(OTHER_17 + nationalIdCheckChar(OTHER_17));
    await form.getByRole("textbox", { name: "验证码" }).fill(await captchaAnswerOf(page, server.url));
    await form.getByRole("button", { name: "验证并获取诉讼包" }).click();
    await page.getByText(LAWSUIT_PACKAGE_MESSAGES.notHolder).waitFor();
    await shoot(page, "help-centre-package-refused");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    // The captcha was used up and refreshed; its field is empty again.
    await expect.poll(() => form.getByRole("textbox", { name: "验证码" }).inputValue()).toBe("");

    await form.getByLabel("证件号码").fill(HOLDER_ID);
    await form.getByRole("textbox", { name: "验证码" }).fill(await captchaAnswerOf(page, server.url));
    await form.getByRole("button", { name: "验证并获取诉讼包" }).click();
    const downloadLink = page.getByRole("link", { name: "下载诉讼包" });
    await downloadLink.waitFor({ timeout: 60_000 });
    await expect.poll(() => crumbs(page).innerText()).toContain("验证结果");
    await shoot(page, "help-centre-package");

    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    const zip = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "package-")), "package.zip");
    fs.writeFileSync(zip, await downloadedBytes(download));
    const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).split("\n").filter(Boolean);
    expect(entries.some((entry) => entry.endsWith(".pdf"))).toBe(true);
    expect(entries.some((entry) => entry.includes("借款合同.pdf"))).toBe(true);
    expect(problems).toEqual([]);
  });
});
