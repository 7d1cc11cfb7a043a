import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { WACZ_PATHS } from "../../isomorphic/wacz/wacz-format.js";
import { readCapturePackageEntry } from "../../server/capture/package/wacz-reader.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { CAPTURE_ENDPOINTS, CAPTURE_FAILURES, CAPTURE_STATE_LABELS } from "../../src/schema/capture.js";
import { call, registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { verifyOffline } from "./support/offline-verifier.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { buySnapshotBundle } from "./support/snapshot-bundle.js";

const live = sharedServerAndBrowser();

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });


/**
 * Web capture (issue 15) as a customer meets it: with a notarisation bundle's snapshots, a loopback
 * page reached through a redirect to an HTTPS origin under the run's own CA (allowed by
 * CAPTURE_ALLOWED_HOSTS in the e2e global setup) is captured from /evidenceTaken/snapshotRecord/new
 * while its progress shows; the certificate page lists the provenance; the WACZ and the certificate
 * PDF download, the offline verifier accepts the WACZ and refuses it with one byte changed.
 */
describe("web evidence capture in the browser", () => {
  it("captures a redirected HTTPS page with lazy images, certifies it, and the offline verifier checks the WACZ", async () => {
    const { server, browser } = live;
    const article = inject("captureArticle");
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    await buySnapshotBundle(server.url, session);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}${registryPath("evidenceTaken/snapshotRecord", "new")}`);
    await page.getByText(/10/).first().waitFor();
    await page.getByLabel("取证名称").fill("城市绿地文章");
    await page.getByLabel("网页地址").fill(article.entryUrl);
    await page.getByLabel("取证用途").fill("保存文章发布时的页面");
    await shoot(page, "capture-new-form");
    await page.getByRole("button", { name: "开始取证" }).click();

    const card = page.getByRole("region", { name: "取证：城市绿地文章" });
    await card.waitFor();
    const sealed = card.getByText(/^取证完成，已封存上链，证书编号：HZ[0-9A-Z]{22}$/);
    await sealed.waitFor({ timeout: 45_000 });
    const certificateNo = (await sealed.textContent())!.split("：")[1];
    await shoot(page, "capture-progress-sealed");

    // The certificate page: the evidence's facts, the provenance, the downloads.
    await card.getByRole("link", { name: "查看取证证书" }).click();
    await page.getByText(certificateNo).first().waitFor();
    await page.getByText(article.title).first().waitFor();
    await shoot(page, "capture-certificate");
    await page.getByText(article.articleUrl).first().waitFor();
    // The HTTPS origin's leaf, issued by the test chain's intermediate, as served.
    await page.getByText(/Capture Test Intermediate CA/).first().waitFor();

    const dir = fs.mkdtempSync(path.join(SCREENSHOT_DIR, "capture-"));
    const [waczDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "取证包（WACZ）" }).click()]);
    const wacz = path.join(dir, "capture.wacz");
    fs.writeFileSync(wacz, await downloadedBytes(waczDownload));
    const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载 PDF 证书" }).click()]);
    const pdf = path.join(dir, "certificate.pdf");
    fs.writeFileSync(pdf, await downloadedBytes(pdfDownload));

    // The PDF's second page carries the provenance; the offline verifier accepts the package …
    const pdfText = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    expect(pdfText).toContain("取证环境与过程");
    expect(pdfText).toContain(article.title);
    const accepted = verifyOffline(pdf, wacz);
    expect(accepted.output).toContain("结论：核验通过。");
    expect(accepted.status).toBe(0);

    // Every exchange is in the archive: the redirect, the HTTPS page and the images scrolling loaded.
    const index = (await readCapturePackageEntry(wacz, WACZ_PATHS.index))!.toString("utf8");
    for (const url of [article.entryUrl, article.articleUrl, "/img/lazy-native.svg", "/img/lazy-observed.svg"]) expect(index).toContain(url.replace(/^https?:\/\//, ""));

    // … and refuses it with one byte changed, wherever the byte is.
    const bytes = fs.readFileSync(wacz);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    const tampered = path.join(dir, "tampered.wacz");
    fs.writeFileSync(tampered, bytes);
    const refused = verifyOffline(pdf, tampered);
    expect(refused.output).toContain("结论：核验未通过。");
    expect(refused.status).toBe(1);

    // The list shows it sealed; a private address is refused at once and costs nothing.
    await page.goto(`${server.url}${registryPath("evidenceTaken/snapshotRecord", "dataList")}`);
    const row = page.getByRole("row").filter({ hasText: certificateNo });
    await row.getByText(CAPTURE_STATE_LABELS.sealed).waitFor();
    await shoot(page, "capture-list");
    const refusedUrl = await call(server.url, CAPTURE_ENDPOINTS.create, { name: "内网地址", urls: "http://10.0.0.1/admin", token: session.token });
    expect(refusedUrl.body.message).toContain(CAPTURE_FAILURES.addressRefused);
    const allowance = await call(server.url, CAPTURE_ENDPOINTS.allowance, { token: session.token });
    expect(allowance.body.datas.total).toBe(9);
    expect(problems).toEqual([]);
    await page.close();
  });
});
