import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registryPath } from "../../src/resources/registry-paths";
import { registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";

/**
 * Desensitised (hash) evidence in the browser: Chromium hashes the file itself (SHA-256 and SM3,
 * streamed) and only the digests leave it; later the holder presents the original, which must
 * match, to obtain the full certificate.
 */
const live = sharedServerAndBrowser();

describe("hash evidence in the browser", () => {
  it("stores digests computed in the page, then takes the matching original for the full certificate", async () => {
    const work = fs.mkdtempSync(path.join(SCREENSHOT_DIR, "hash-"));
    const content = randomBytes(3 * 1024 * 1024 + 17); // several read chunks
    const original = path.join(work, "设计稿.psd");
    const other = path.join(work, "设计稿-另一版.psd");
    fs.writeFileSync(original, content);
    fs.writeFileSync(other, Buffer.concat([content.subarray(0, 100), Buffer.from([content[100] ^ 1]), content.subarray(101)]));
    const session = await registerUser(live.server.url, uniqueMobile(), "abc12345");
    const page = await live.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchConsole(page);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") uploads.push(request.postDataBuffer()?.length ? String(request.postDataBuffer()!.length) : "0");
    });
    await signInPage(page, live.server.url, session);
    await page.goto(`${live.server.url}${registryPath("evidenceSave/hashEvidence", "dataList")}`);
    await page.getByRole("button", { name: "新建哈希存证" }).click();

    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("存证名称").fill("设计稿终版");
    // Only the styled button shows; the browser's own file picker stays hidden.
    await expect(dialog.locator('input[type="file"]').isVisible()).resolves.toBe(false);
    await dialog.locator('input[type="file"]').setInputFiles(original);
    await dialog.getByText(createHash("sha256").update(content).digest("hex")).waitFor();
    await dialog.getByText(createHash("sm3").update(content).digest("hex")).waitFor();
    await dialog.getByRole("button", { name: "提交存证" }).click();
    const success = page.getByText(/^存证成功，证书编号：HZ[0-9A-Z]{22}$/);
    await success.waitFor();
    // The file itself never left the page: every request body is far smaller than the file.
    expect(uploads.map(Number).every((length) => length < 10_000)).toBe(true);

    await page.getByRole("row").filter({ hasText: "设计稿终版" }).getByRole("link", { name: "申请出证" }).click();
    await page.getByRole("button", { name: "选择原文件" }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(other);
    await page.getByText("文件与存证时的摘要值不一致，不能申请出证").waitFor();
    await expect(page.getByRole("button", { name: "上传原件并申请出证" }).isDisabled()).resolves.toBe(true);

    await page.locator('input[type="file"]').setInputFiles(original);
    await expect.poll(() => page.getByRole("button", { name: "上传原件并申请出证" }).isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "hash-evidence-apply.png"), fullPage: true });
    await page.getByRole("button", { name: "上传原件并申请出证" }).click();
    await page.getByText("原件核验一致，已出具完整证书").waitFor();
    await page.getByRole("button", { name: "下载 PDF 证书" }).waitFor();
    // Now the platform keeps the original, and hands it back.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "原始文件" }).click()]);
    expect((await downloadedBytes(download)).equals(content)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "hash-evidence-certificate.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
