import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { generateNoteKeys } from "../../server/ledger/signer-keys.js";
import { LEDGER_ENDPOINTS, LEDGER_TILES_PREFIX } from "../../src/schema/ledger.js";
import { registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { serverAndBrowserPerFile } from "./support/platform.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { signedGet } from "./support/signed-fetch.js";

/**
 * The promise end to end: a user uploads a file in the browser, receives its certificate
 * and downloads the PDF; a visitor verifies it on the public page by number and by file; anyone
 * verifies the PDF offline with the bundled CLI; a file changed by one byte fails every file check
 * everywhere, and a certificate checked against a key other than the platform's fails offline.
 */
// A server of its own: the test counts the ledger's entries from an empty log.
const live = serverAndBrowserPerFile();
const VERIFIER = path.resolve(import.meta.dirname, "../../bin/hengzheng-verify.mjs");
const work = fs.mkdtempSync(path.join(SCREENSHOT_DIR, "certificate-"));
const original = path.join(work, "供货合同.pdf");
const changed = path.join(work, "供货合同-改动.pdf");

type CliRun = { code: number; out: string };
async function verifyOffline(...args: string[]): Promise<CliRun> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, "verify", ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The verdict tag of each check on the page, by check id. */
async function checkStatuses(page: Page): Promise<Record<string, string>> {
  const result = page.getByTestId("certificate-result");
  await result.waitFor();
  return Object.fromEntries(
    await result.locator("[data-check]").evaluateAll((items) => items.map((item) => [item.getAttribute("data-check"), item.getAttribute("data-status")])),
  );
}

/** The result sits below the fold of the window, yet the page has scrolled it into view and given it the focus. */
async function expectResultBroughtIntoView(page: Page) {
  const region = page.getByRole("region", { name: "核验结果" });
  await expect.poll(() => region.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
  expect(await region.evaluate((element) => element.getBoundingClientRect().top + window.scrollY > window.innerHeight)).toBe(true);
  expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
}

async function openVerification(page: Page, mode: "按证书编号" | "按文件") {
  await page.goto(`${live.server.url}/info/certificate`);
  await page.getByTestId("platform-key").waitFor();
  await page.getByText(mode, { exact: true }).click();
}

describe("a certificate, from upload to independent verification", () => {
  let session: LoginResult;
  let certificateNo = "";
  let pdfPath = "";

  beforeAll(() => {
    const content = randomBytes(200_000);
    fs.writeFileSync(original, content);
    content[100_000] ^= 0x01;
    fs.writeFileSync(changed, content);
  });

  it("the holder uploads a file in the browser, sees its certificate checked and downloads the PDF and the original", async () => {
    session = await registerUser(live.server.url, uniqueMobile(), "abc12345");
    const page = await live.browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await signInPage(page, live.server.url, session);
    await page.goto(`${live.server.url}${registryPath("evidenceSave/fileEvidence", "dataList")}`);
    await page.getByRole("button", { name: "新建文件存证" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[type="file"]').setInputFiles(original);
    await dialog.getByRole("button", { name: "提交存证" }).click();
    const success = page.getByText(/^存证成功，证书编号：HZ[0-9A-Z]{22}$/);
    await success.waitFor();
    certificateNo = (await success.textContent())!.split("：")[1];

    await page.getByRole("row").filter({ hasText: certificateNo }).getByRole("link", { name: "查看证书" }).click();
    await page.getByRole("button", { name: "下载 PDF 证书" }).waitFor();
    // The holder's page runs the public checks too: every proof check passes, the file checks wait for a file.
    const statuses = await checkStatuses(page);
    expect(statuses).toMatchObject({ "entry-format": "pass", "certificate-no": "pass", "file-sha256": "skip", "file-sm3": "skip" });
    expect(Object.values(statuses)).not.toContain("fail");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-holder-page.png"), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载 PDF 证书" }).click()]);
    expect(download.suggestedFilename()).toContain(certificateNo);
    pdfPath = path.join(work, download.suggestedFilename());
    await download.saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The holder gets the stored original back, byte for byte.
    const [originalDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "原始文件" }).click()]);
    expect(originalDownload.suggestedFilename()).toBe("供货合同.pdf");
    expect((await downloadedBytes(originalDownload)).equals(fs.readFileSync(original))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a visitor verifies it on the public page by certificate number, and by the file hashed in the browser", async () => {
    // A laptop's window: the result lands below the form, out of sight unless the page brings it up.
    const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 720 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") uploads.push(request.url());
    });

    await openVerification(page, "按证书编号");
    await page.getByRole("textbox", { name: "证书编号" }).fill(certificateNo);
    await page.getByRole("button", { name: "开始核验" }).click();
    await expect.poll(() => page.getByTestId("certificate-result").getAttribute("data-ok")).toBe("true");
    expect(await checkStatuses(page)).toMatchObject({ "certificate-no": "pass", "file-sha256": "skip" });
    await page.getByText("核验通过", { exact: true }).waitFor();
    await expectResultBroughtIntoView(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-verified-by-number.png"), fullPage: true });

    await openVerification(page, "按文件");
    await page.locator('input[type="file"]').setInputFiles(original);
    await page.getByRole("button", { name: "开始核验" }).click();
    await expect.poll(() => page.getByTestId("certificate-result").getAttribute("data-ok")).toBe("true");
    const statuses = await checkStatuses(page);
    expect(statuses).toMatchObject({ "file-sha256": "pass", "file-sm3": "pass", "certificate-no": "pass" });
    expect(Object.values(statuses)).not.toContain("fail");
    await page.getByText("文件与存证记录一致，存证记录包含在平台签名的账本中。").waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-verified-by-file.png"), fullPage: true });

    // The file never left the browser: the page only read (GET) the certificate and the key.
    expect(uploads).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a file changed by one byte fails on the public page, by file and against the certificate number", async () => {
    const context = await live.browser.newContext({ locale: "zh-CN", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();

    await openVerification(page, "按文件");
    await page.locator('input[type="file"]').setInputFiles(changed);
    await page.getByRole("button", { name: "开始核验" }).click();
    await page.getByTestId("verification-not-found").getByText("没有与该摘要一致的存证：文件可能被改动过，或从未在本平台存证").waitFor();
    await expect(page.getByTestId("certificate-result").count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-changed-file.png"), fullPage: true });

    await openVerification(page, "按证书编号");
    await page.getByRole("textbox", { name: "证书编号" }).fill(certificateNo);
    await page.locator('input[type="file"]').setInputFiles(changed);
    await page.getByRole("button", { name: "开始核验" }).click();
    await expect.poll(() => page.getByTestId("certificate-result").getAttribute("data-ok")).toBe("false");
    expect(await checkStatuses(page)).toMatchObject({ "file-sha256": "fail", "file-sm3": "fail" });
    await page.getByText("核验未通过", { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-changed-file-by-number.png"), fullPage: true });
    await context.close();
  });

  it("the CLI verifies the PDF offline, with the file and with the platform key it was given", async () => {
    const alone = await verifyOffline(pdfPath);
    expect(alone.code).toBe(0);
    expect(alone.out).toContain(`证书编号 ${certificateNo}`);
    expect(alone.out).toContain("结论：核验通过。");
    expect(alone.out).toContain("- 跳过  文件 SHA-256 摘要与证据记录一致");

    const key = await fetch(`${live.server.url}${LEDGER_TILES_PREFIX}/vkey`).then((response) => response.text());
    const withFile = await verifyOffline(pdfPath, original, "--key", key.trim());
    expect(withFile.code).toBe(0);
    expect(withFile.out).toContain("✔ 通过  文件 SHA-256 摘要与证据记录一致");
    expect(withFile.out).toContain("✔ 通过  文件 SM3 摘要与证据记录一致");
    expect(withFile.out).not.toContain("✘");
  });

  it("the CLI proves the certificate's checkpoint consistent with a newer one from the server", async () => {
    // More evidence grows the log past the certificate's checkpoint.
    const more = await uploadEvidence(live.server.url, evidenceEndpoints("file").create, session.token, {}, [{ name: "补充材料.pdf", content: randomBytes(5000) }]);
    expect(more.code).toBe(200);
    const checkpointPath = webapiPath(LEDGER_ENDPOINTS.getCheckpoint);
    await expect.poll(async () => (await signedGet(live.server.url, checkpointPath)).body.datas?.treeSize).toBe(2);
    const checkpointFile = path.join(work, "checkpoint.txt");
    fs.writeFileSync(checkpointFile, await fetch(`${live.server.url}${LEDGER_TILES_PREFIX}/checkpoint`).then((response) => response.text()));
    const proof = await signedGet(live.server.url, webapiPath(LEDGER_ENDPOINTS.getConsistencyProof), { oldSize: "1", newSize: "2" });
    expect(proof.body.code).toBe(200);
    const proofFile = path.join(work, "consistency.json");
    fs.writeFileSync(proofFile, JSON.stringify(proof.body));

    const run = await verifyOffline(pdfPath, original, "--checkpoint", checkpointFile, "--consistency", proofFile);
    expect(run.code).toBe(0);
    expect(run.out).not.toContain("✘");
    expect(run.out).toMatch(/✔ 通过 {2}与更新的检查点一致/);
  });

  it("the CLI fails a changed file on every file check, and a checkpoint signature under another key", async () => {
    const run = await verifyOffline(pdfPath, changed);
    expect(run.code).toBe(1);
    expect(run.out).toContain("✘ 不通过  文件 SHA-256 摘要与证据记录一致");
    expect(run.out).toContain("✘ 不通过  文件 SM3 摘要与证据记录一致");
    expect(run.out).toContain("结论：核验未通过。");

    // A checkpoint signed by anyone but the platform proves nothing: checked against another key, the signature fails.
    const impostor = generateNoteKeys("hengzheng.local/evidence-log").verifierKey;
    const forged = await verifyOffline(pdfPath, original, "--key", impostor);
    expect(forged.code).toBe(1);
    expect(forged.out).toMatch(/✘ 不通过 {2}检查点签名/);
    expect(forged.out).toContain("结论：核验未通过。");
  });
});
