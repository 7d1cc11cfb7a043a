import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { MONITOR_MESSAGES } from "../../src/schema/monitor.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { sampleArticle, samplePicture } from "../support/monitor-corpus.js";
import { call, expectSuccess, registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { decideInConsole } from "./support/console-reviewer.js";
import { PICTURE_SEED } from "./support/monitored-sites.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { recharge } from "./support/snapshot-bundle.js";

const live = sharedServerAndBrowser();
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const FIRST_17 = "44030519880516003";
/** A crawl of two small sites, then a capture of each hit in the server's Chromium. */
const HIT_STORED_MS = 90_000;

/**
 * Whole-network monitoring (issue 18) as a rights holder meets it. A verified account with balance
 * protects an article and a picture over two loopback sites (served by the e2e global setup, see
 * support/monitored-sites.ts): 转载网 copies the article with edits inside a page of other text and
 * shows a resized, recompressed and mirrored copy of the picture; 别家网 has neither. 立即抓取 runs
 * the crawl; the copy is found, captured as web evidence and listed with its matched passages and
 * certificate; the unrelated pages are not; the period's report PDF lists the hit.
 */
describe("whole-network monitoring in the browser", { timeout: 240_000 }, () => {
  let session: LoginResult;
  const sites = inject("monitoredSites");

  beforeAll(async () => {
    const { server } = live;
    const mobile = uniqueMobile();
    session = await registerUser(server.url, mobile, "abc12345");
    expectSuccess("submitRealName", (await call(server.url, PERSONAL_ENDPOINTS.submitRealName, { realName: "林监测", idNumber: FIRST_17 + nationalIdCheckChar(FIRST_17), token: session.token })).body);
    await decideInConsole(server, mobile, "approve");
    await recharge(server.url, session, "3000");
  }, 120_000);

  async function signedInPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await live.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await signInPage(page, live.server.url, session);
    return { page, problems };
  }

  /** Fills the task form of a channel's new page with one uploaded work and both sites, then submits. */
  async function createTask(page: Page, section: string, name: string, work: { name: string; mimeType: string; buffer: Buffer }) {
    await page.goto(`${live.server.url}${registryPath(`monitor/${section}`, "new")}`);
    await page.getByLabel("任务名称").fill(name);
    await page.locator("input[type=file]").setInputFiles(work);
    await expect.poll(() => page.getByLabel(`选择 ${work.name}`).isChecked(), { timeout: 30_000 }).toBe(true);
    const first = page.getByRole("group", { name: "站点 1" });
    await first.getByLabel("站点名称").fill("转载网");
    await first.getByLabel("起始地址").fill(`${sites.copying.origin}/`);
    await page.getByRole("button", { name: "添加站点" }).click();
    const second = page.getByRole("group", { name: "站点 2" });
    await second.getByLabel("站点名称").fill("别家网");
    await second.getByLabel("起始地址").fill(`${sites.unrelated.origin}/`);
    await page.getByLabel("监测周期（周）").fill("1");
    // Two web sites for one week: 2 × 100 yuan.
    await page.getByText(/200(\.00)?\s*元/).first().waitFor();
    await shoot(page, `monitor-${section}-new`);
    await page.getByRole("button", { name: "提交" }).click();
    await page.getByText(`监测任务“${name}”已创建`).waitFor();
  }

  /** On the task list, 立即抓取 on the task's row. */
  async function runNow(page: Page, name: string) {
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByText("监测中").waitFor();
    await row.getByRole("button", { name: "立即抓取" }).click();
    // The scheduler may have started the first crawl already; then the platform says so instead.
    await page.getByText("已开始抓取").or(page.getByText(MONITOR_MESSAGES.runBusy)).first().waitFor();
  }

  /** The channel's hit list, read again until a hit of `title` has its evidence stored. */
  async function storedHit(page: Page, section: string, title: RegExp) {
    const listUrl = `${live.server.url}${registryPath(`monitor/${section}`, "dataList")}`;
    const deadline = Date.now() + HIT_STORED_MS;
    for (;;) {
      await page.goto(listUrl);
      const row = page.getByRole("row", { name: title });
      // The list has loaded once it shows the hit or says it has none.
      await row.or(page.getByText("暂无监测结果")).first().waitFor({ timeout: 15_000 });
      if ((await row.count()) > 0 && (await row.getByText("已取证").count()) > 0) return row;
      if (Date.now() > deadline) {
        await shoot(page, `monitor-${section}-no-hit`);
        throw new Error(`no stored hit ${title} on ${listUrl}`);
      }
      await page.waitForTimeout(1500);
    }
  }

  it("finds the edited copy of an article on one of two sites, captures it, shows the passages and the certificate; the report lists it", async () => {
    const { page, problems } = await signedInPage();
    const article = sampleArticle();
    await createTask(page, "text", "原创文章监测", { name: "原创文章.txt", mimeType: "text/plain", buffer: Buffer.from(article.text, "utf8") });
    await runNow(page, "原创文章监测");

    const row = await storedHit(page, "text", new RegExp(sites.copying.articleTitle));
    // Only the copy: not the unrelated article on either site.
    await expect.poll(() => page.getByRole("row", { name: /转载网|别家网/ }).count()).toBe(1);
    await row.getByText("文字相似").waitFor();
    await shoot(page, "monitor-text-hits");

    await row.getByRole("button", { name: "查看依据" }).click();
    const drawer = page.getByRole("dialog");
    // The matched passages side by side: where each starts in the work and on the page.
    await drawer.getByText("SimHash 汉明距离").waitFor();
    await drawer.getByText(/^第 \d+ 字起$/).nth(5).waitFor();
    await shoot(page, "monitor-text-basis");
    await page.keyboard.press("Escape");

    await row.getByRole("link", { name: "查看证书" }).click();
    const certificateNo = await page.getByText(/^HZ[0-9A-Z]{22}$/).first().textContent();
    expect(certificateNo).toMatch(/^HZ/);
    await page.getByText(sites.copying.articleUrl).first().waitFor();
    await shoot(page, "monitor-text-certificate");

    // The report of today lists the hit with its certificate number.
    await page.goto(`${live.server.url}${registryPath("monitor/text", "monitorReport")}`);
    await page.getByRole("button", { name: "生成报告" }).click();
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Shanghai" }).format(new Date());
    for (const label of ["开始日期", "结束日期"]) {
      await page.getByLabel(label).fill(today);
      await page.getByLabel(label).press("Enter");
    }
    await page.getByRole("dialog").getByRole("button", { name: "生成", exact: true }).click();
    await page.getByText("监测报告已生成，其摘要已上链").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载报告" }).first().click()]);
    const pdf = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "monitor-report-")), "report.pdf");
    fs.writeFileSync(pdf, await downloadedBytes(download));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
    expect(text).toContain(certificateNo!);
    expect(text).toContain("原创文章监测");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("finds a resized, recompressed and mirrored copy of a picture and not the unrelated picture", async () => {
    const { page, problems } = await signedInPage();
    await createTask(page, "picture", "摄影作品监测", { name: "晨光.jpg", mimeType: "image/jpeg", buffer: await samplePicture(PICTURE_SEED) });
    await runNow(page, "摄影作品监测");

    const row = await storedHit(page, "picture", /图片集锦/);
    await row.getByText("图片相似").waitFor();
    await expect.poll(() => page.getByRole("row", { name: /摄影作品|图片集锦/ }).count()).toBe(1);
    await row.getByRole("button", { name: "查看依据" }).click();
    await page.getByRole("dialog").getByText(/^镜像/).first().waitFor();
    await shoot(page, "monitor-picture-basis");
    expect(problems).toEqual([]);
    await page.close();
  });
});
