import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { webapiPath } from "../../src/schema/contract.js";
import { RECORDING_ENDPOINTS, RECORDING_PACKAGE_CODE } from "../../src/schema/recording.js";
import { FINANCE_PRICE_ENDPOINTS } from "../../src/schema/console/finance-prices.js";
import { call, expectSuccess, registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { signInOperator } from "./support/console-reviewer.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { verifyOffline } from "./support/offline-verifier.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { rechargeAndBuy } from "./support/snapshot-bundle.js";

const live = sharedServerAndBrowser();
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

/** The numbers in "已录制 … （N 个分片），已上传 … （M 个分片）". */
async function chunkCounts(page: Page): Promise<{ recorded: number; uploaded: number }> {
  const text = (await page.getByTestId("upload-counts").first().textContent()) ?? "";
  const [recorded, uploaded] = [...text.matchAll(/（(\d+) 个分片）/g)].map((match) => Number(match[1]));
  return { recorded, uploaded };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Screen recording (issue 16) in Chromium with its fake screen: a recording whose uploads fail for a
 * while keeps its chunks in IndexedDB, survives a reload and is finished from the resumed card; a
 * second one is stopped with the button, sealed, its certificate opened, its package downloaded and
 * checked by the offline verifier with the certificate PDF.
 */
describe("screen recording in the browser", () => {
  it("records, survives a reload with uploads pending, seals, and the offline verifier accepts the package", { timeout: 90_000 }, async () => {
    const { server, browser } = live;
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    // The spec gives package 30002 no price: finance puts it on sale, then the customer buys it.
    const finance = await signInOperator(server, ["finance"]);
    expectSuccess("price", (await call(server.url, FINANCE_PRICE_ENDPOINTS.update, { code: RECORDING_PACKAGE_CODE, onSale: true, priceFen: 5_000, token: finance })).body);
    await rechargeAndBuy(server.url, session, RECORDING_PACKAGE_CODE, 2);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await signInPage(page, server.url, session);
    const newPage = `${server.url}${registryPath("evidenceTaken/screenRecord", "new")}`;
    await page.goto(newPage);
    await page.getByText(/可用录屏保全次数 \d+ 次/).waitFor();

    // 1. Uploads fail for a while: chunks are kept in the browser, then the page is reloaded.
    await page.getByLabel("取证名称").fill("店铺页面录屏");
    await page.getByRole("button", { name: "开始录屏" }).click();
    await page.getByRole("region", { name: "录屏" }).waitFor();
    await until("a first chunk uploaded", async () => (await chunkCounts(page)).uploaded >= 1);
    const uploadPath = `**${webapiPath(RECORDING_ENDPOINTS.uploadChunk)}*`;
    await page.route(uploadPath, (route) => route.abort("connectionrefused"));
    await until("chunks kept while the server is unreachable", async () => {
      const counts = await chunkCounts(page);
      return counts.recorded - counts.uploaded >= 2;
    });
    await page.getByText(/上传暂时中断/).waitFor();
    await shoot(page, "screen-record-recording");
    const beforeReload = await chunkCounts(page);
    await page.unroute(uploadPath);
    await page.reload();
    const resumed = page.getByRole("region", { name: "未完成的录制：店铺页面录屏" });
    await resumed.waitFor();
    await until("the kept chunks uploaded after the reload", async () => {
      const counts = await chunkCounts(page);
      return counts.uploaded >= beforeReload.recorded && counts.uploaded === counts.recorded;
    });
    await shoot(page, "screen-record-resumed");
    await resumed.getByRole("button", { name: "结束并封存" }).click();
    await page.getByText(/^已存证：录像已封存上链，证书编号 HZ/).first().waitFor({ timeout: 30_000 });

    // 2. A second recording, stopped with the button.
    await page.getByLabel("取证名称").fill("第二段录屏");
    await page.getByRole("button", { name: "开始录屏" }).click();
    const recording = page.getByRole("region", { name: "录屏" });
    await recording.waitFor();
    await until("three chunks uploaded", async () => (await chunkCounts(page)).uploaded >= 3);
    await recording.getByRole("button", { name: "停止录制" }).click();
    const sealed = page.getByText(/^已存证：录像已封存上链，证书编号 HZ[0-9A-Z]+$/).first();
    await until("the second recording sealed", async () => (await page.getByText(/^已存证/).count()) === 2, 30_000);
    await shoot(page, "screen-record-sealed");
    const certificateNo = (await sealed.textContent())!.split("证书编号 ")[1];

    await page.getByRole("link", { name: "查看取证证书" }).first().click();
    await page.getByText(certificateNo).first().waitFor();
    await page.getByRole("table", { name: "哈希链上链锚定" }).waitFor();
    await shoot(page, "screen-record-certificate");
    const dir = fs.mkdtempSync(path.join(SCREENSHOT_DIR, "screen-record-"));
    const [packageDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "录像取证包（ZIP）" }).click()]);
    const zip = path.join(dir, "package.zip");
    fs.writeFileSync(zip, await downloadedBytes(packageDownload));
    const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载 PDF 证书" }).click()]);
    const pdf = path.join(dir, "证书.pdf");
    fs.writeFileSync(pdf, await downloadedBytes(pdfDownload));

    const accepted = verifyOffline(pdf, zip);
    expect(accepted.output).toContain("✔ 通过  录像完整，未被截断");
    expect(accepted.output).toContain("结论：核验通过。");
    expect(accepted.status).toBe(0);

    // Both recordings spent a unit; the list offers the certificate and the package.
    const allowance = await call(server.url, RECORDING_ENDPOINTS.allowance, { token: session.token });
    expect(allowance.body.datas.packageRemaining).toBe(0);
    await page.goto(`${server.url}${registryPath("evidenceTaken/screenRecord", "dataList")}`);
    const row = page.getByRole("row").filter({ hasText: certificateNo });
    await row.getByRole("link", { name: "证书" }).waitFor();
    await shoot(page, "screen-record-list");
    expect(problems.filter((problem) => !problem.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
    await page.close();
  });
});
