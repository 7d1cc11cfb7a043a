import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import PDFDocument from "pdfkit";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

/**
 * The electronic seal end to end in Chromium: an enterprise-verified account issues its seal
 * certificate on the config page, uploads a PDF on the sealing list, downloads the sealed PDF, and
 * poppler's pdfsig finds a valid signature over the whole document.
 */
const run = promisify(execFile);
const { server, browser } = sharedServerAndBrowser();
let holder: LoginResult;
let page: Page;
let problems: string[];

function contractPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text("Supply contract, page 1").addPage().text("Supply contract, page 2");
  doc.end();
  return done;
}

beforeAll(async () => {
  holder = await registerUser(server.url, uniqueMobile(), "abc12345");
  // What an operator's approval of the enterprise application leaves on the account (the review
  // journey itself is console-identity-review.test.ts); the shared server runs on SQLite in WAL mode.
  const db = new Database(path.join(server.dataDir, "platform.sqlite"));
  db.prepare("UPDATE users SET enterprise_status = 2, enterprise_name = ? WHERE id = ?").run("杭州端到端示例科技有限公司", holder.loginUser.id);
  db.close();
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  problems = watchConsole(page);
  await signInPage(page, server.url, holder);
}, 120_000);

describe("the electronic seal", () => {
  it("configures the seal, seals an uploaded PDF and downloads a PDF pdfsig validates", { timeout: 120_000 }, async () => {
    await page.goto(`${server.url}${registryPath("evidenceTaken/ElectronicSeal", "config")}`);
    await page.getByText("已通过企业认证：杭州端到端示例科技有限公司").waitFor();
    await page.getByAltText("印章预览").waitFor();
    await page.getByRole("button", { name: "签发印章证书" }).click();
    await page.getByText("印章证书已签发，印章已启用").waitFor();
    await page.getByText("CN=杭州端到端示例科技有限公司").first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "electronic-seal-config.png"), fullPage: true });

    await page.goto(`${server.url}${registryPath("evidenceTaken/ElectronicSeal", "dataList")}`);
    await page.getByRole("button", { name: "上传 PDF 用印" }).click();
    const dialog = page.getByRole("dialog");
    // Beside the screenshots, so the sealed PDF can be looked at after the run.
    const file = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "electronic-seal-")), "供货合同.pdf");
    fs.writeFileSync(file, await contractPdf());
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByRole("button", { name: "用 印" }).or(dialog.getByRole("button", { name: "用印" })).click();
    await page.getByText("用印完成，已存证上链").waitFor();
    const row = page.getByRole("row", { name: /供货合同/ });
    await row.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "electronic-seal-list.png"), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: /下\s*载/ }).click()]);
    const sealed = await downloadedBytes(download);
    const target = path.join(path.dirname(file), "sealed.pdf");
    fs.writeFileSync(target, sealed);
    const { stdout } = await run("pdfsig", [target]);
    expect(stdout).toContain("Signer Certificate Common Name: 杭州端到端示例科技有限公司");
    expect(stdout).toContain("Total document signed");
    expect(stdout).toContain("Signature Validation: Signature is Valid.");
    expect(problems).toEqual([]);
  });
});
