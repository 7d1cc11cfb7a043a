import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { computeSignature } from "../../src/schema/signature.js";
import { readZip } from "../server/support/zip-reader.js";
import { captchaAnswerOf, registerUser, signInPage, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { downloadedBytes, SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { sharedServerAndBrowser } from "./support/platform.js";

const EVIDENCE_LIBRARY = registryPath("evidences/dataList");

const { server, browser } = sharedServerAndBrowser();
let holder: LoginResult;
let page: Page;
let problems: string[];
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const VIEWPORT = { width: 1366, height: 900 };

/** Three files of the holder: the first two are shown to the third party, the last is not. */
const files = [
  { name: "租赁合同（签字版）.pdf", content: randomBytes(150_000) },
  { name: "付款凭证截图.png", content: randomBytes(40_000) },
  { name: "内部备忘录.docx", content: randomBytes(20_000) },
];

/** Stores one file as the upload page does: multipart, the token and timestamp signed, the file not. */
async function storeFile(name: string, content: Buffer): Promise<void> {
  const timestamp = Date.now();
  const signature = computeSignature({ token: holder.token, timestamp }, (text) => createHash("sha256").update(text, "utf8").digest("hex"));
  const form = new FormData();
  form.append("token", holder.token);
  form.append("file", new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${server.url}${webapiPath(evidenceEndpoints("file").create)}?timestamp=${timestamp}&signature=${signature}`, { method: "POST", body: form });
  const body = (await response.json()) as { code: number; message: string };
  if (body.code !== 200) throw new Error(`storing ${name} failed: ${body.message}`);
}

beforeAll(async () => {
  holder = await registerUser(server.url, uniqueMobile(), "abc12345");
  for (const file of files) await storeFile(file.name, file.content);
  const context = await browser.newContext({ locale: "zh-CN", viewport: VIEWPORT, acceptDownloads: true });
  page = await context.newPage();
  problems = watchConsole(page);
  await signInPage(page, server.url, holder);
}, 120_000);

async function shoot(target: Page, name: string) {
  await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const bytesOf = downloadedBytes;

async function tick(target: Page, rowText: string) {
  await target.getByRole("row", { name: new RegExp(rowText.replace(/[()（）.]/g, ".")) }).getByRole("checkbox").check();
}

/** No header cell of the table reaches into the next, and the table is not wider than its card. */
async function expectColumnsApart(target: Page) {
  const layout = await target.evaluate(() => {
    const cells = [...document.querySelectorAll(".ant-table-thead th")].map((cell) => cell.getBoundingClientRect());
    const wrapper = document.querySelector(".ant-table-content, .ant-table-body") as HTMLElement;
    return { cells: cells.map((cell) => ({ left: cell.left, right: cell.right })), scroll: wrapper.scrollWidth, client: wrapper.clientWidth };
  });
  for (let i = 1; i < layout.cells.length; i++) expect(layout.cells[i].left).toBeGreaterThanOrEqual(layout.cells[i - 1].right - 1);
  expect(layout.scroll).toBeLessThanOrEqual(layout.client + 1);
}

describe("the evidence library in Chromium", () => {
  let extractNo = "";
  let extractCode = "";
  let extractLink = "";

  it("lists the holder's evidence across types", async () => {
    await page.goto(`${server.url}${EVIDENCE_LIBRARY}`);
    for (const file of files) await page.getByRole("cell", { name: file.name }).waitFor();
    await shoot(page, "evidences-data-list");
  });

  it("filters the list by the typed name with the 查询 button, as Enter does", async () => {
    await page.goto(`${server.url}${EVIDENCE_LIBRARY}`);
    await page.getByRole("cell", { name: files[2].name }).waitFor();
    await page.getByRole("searchbox", { name: "证据名称" }).fill("付款凭证");
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await page.waitForURL(/keyName=/);
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(1);
    await page.getByRole("cell", { name: files[1].name }).waitFor();
    await shoot(page, "evidences-data-list-filtered");
  });

  it("opens one record's evidenceSaveInfo page from the list", async () => {
    await page.goto(`${server.url}${EVIDENCE_LIBRARY}`);
    await page.getByRole("row", { name: /付款凭证截图/ }).getByRole("link", { name: "存证信息" }).click();
    await page.waitForURL(`**${registryPath("evidences/dataList", "evidenceSaveInfo")}?id=*`);
    await page.getByText(sha256(files[1].content)).waitFor();
    await shoot(page, "evidences-save-info");
  });

  it("creates an extraction code for two chosen items", async () => {
    await page.goto(`${server.url}${EVIDENCE_LIBRARY}`);
    await tick(page, files[0].name);
    await tick(page, files[1].name);
    await page.getByRole("button", { name: "生成提取码" }).click();
    await page.waitForURL(`**${registryPath("evidences/evidenceExtract")}?ids=*`);
    await page.getByText("已选择 2 条").waitFor();
    await page.getByRole("button", { name: "生成提取码（2 条证据）" }).click();
    const dialog = page.getByRole("dialog", { name: "提取码已生成" });
    await dialog.waitFor();
    extractNo = (await dialog.getByTestId("extract-no").innerText()).trim();
    extractCode = (await dialog.getByTestId("extract-code").innerText()).trim();
    extractLink = (await dialog.getByTestId("extract-link").innerText()).trim();
    expect(extractLink).toBe(`${server.url}/obtainEvidence?extractNo=${extractNo}`);
    expect(extractNo).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(extractCode).toMatch(/^\d{6}$/);
    await shoot(page, "evidences-extract-created");
    await dialog.getByRole("button", { name: "我已记下" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.locator(".ant-table-tbody").getByRole("cell", { name: extractNo }).waitFor();
    await shoot(page, "evidences-extract-records");
  });

  it("lets a third party in a fresh browser see exactly those items and download them", async () => {
    const context = await browser.newContext({ locale: "zh-CN", viewport: VIEWPORT, acceptDownloads: true });
    const visitor = await context.newPage();
    const visitorProblems = watchConsole(visitor);
    // The link the holder passed on opens the login with the number filled in; the code comes separately.
    await visitor.goto(extractLink);
    await visitor.waitForURL(`**/info/extractLogin?extractNo=${extractNo}`);
    await expect.poll(() => visitor.getByLabel("提取编号").inputValue()).toBe(extractNo);
    await visitor.getByLabel("提取码").fill(extractCode);
    await visitor.getByRole("img", { name: "验证码" }).waitFor();
    await visitor.getByLabel("验证码", { exact: true }).fill(await captchaAnswerOf(visitor, server.url));
    await shoot(visitor, "extract-login");
    await visitor.getByRole("button", { name: "登录并查看证据" }).click();
    await visitor.waitForURL("**/info/extractList");
    await visitor.getByText(files[0].name).waitFor();
    await visitor.getByText(files[1].name).waitFor();
    expect(await visitor.getByText(files[2].name).count()).toBe(0);
    expect(await visitor.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(2);
    await visitor.getByText(sha256(files[0].content)).waitFor();
    await expectColumnsApart(visitor);
    await shoot(visitor, "extract-list-1366");

    const row = visitor.getByRole("row", { name: /租赁合同/ });
    const [original] = await Promise.all([visitor.waitForEvent("download"), row.getByRole("link", { name: "原始文件" }).click()]);
    expect(original.suggestedFilename()).toBe(files[0].name);
    expect(sha256(await bytesOf(original))).toBe(sha256(files[0].content));
    const [certificate] = await Promise.all([visitor.waitForEvent("download"), row.getByRole("link", { name: "存证证书" }).click()]);
    expect((await bytesOf(certificate)).subarray(0, 5).toString()).toBe("%PDF-");

    // Both items packed together while the packaging countdown shows.
    await visitor.locator(".ant-table-thead").getByRole("checkbox").check();
    const downloading = visitor.waitForEvent("download");
    await visitor.getByRole("button", { name: "打包下载（2）" }).click();
    const zip = readZip(await bytesOf(await downloading));
    const manifest = JSON.parse(zip.get("manifest.json")!.toString("utf8"));
    expect(manifest.items.map((item: { name: string }) => item.name).sort()).toEqual([files[0].name, files[1].name].sort());
    for (const item of manifest.items) expect(sha256(zip.get(item.files.content)!)).toBe(item.sha256);
    expect(visitorProblems).toEqual([]);
    await context.close();
  });

  it("packs the holder's chosen evidence into one ZIP behind the packaging countdown", async () => {
    await page.goto(`${server.url}${registryPath("evidences/evidenceDownload")}`);
    for (const file of files) await tick(page, file.name);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "打包下载（3）" }).click();
    await page.getByRole("dialog", { name: "正在打包下载" }).getByText(/下载文件正在打包|打包即将完成/).waitFor();
    await page.waitForTimeout(400);
    await shoot(page, "evidences-packaging");
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^证据打包-\d{8}-\d{6}\.zip$/);
    const zip = readZip(await bytesOf(download));
    const manifest = JSON.parse(zip.get("manifest.json")!.toString("utf8"));
    expect(manifest.items).toHaveLength(3);
    for (const file of files) {
      const item = manifest.items.find((candidate: { name: string }) => candidate.name === file.name);
      expect(item.sha256).toBe(sha256(file.content));
      expect(zip.get(item.files.content)!.equals(file.content)).toBe(true);
    }
    expect(zip.get("清单.txt")!.toString("utf8")).toContain("证据打包清单");
    await page.getByRole("dialog", { name: "正在打包下载" }).waitFor({ state: "hidden" });
    expect(problems).toEqual([]);
  });

  it("downloads a named file evidence's original under its own name, .txt kept, and checks a file on its certificate page", async () => {
    const contract = Buffer.from("审计合同正文：甲方委托乙方审计 2026 年度账目。\n");
    const stored = await uploadEvidence(server.url, evidenceEndpoints("file").create, holder.token, { name: "审计合同文件" }, [{ name: "contract.txt", content: contract }]);
    const [record] = stored.datas as { id: number }[];
    await page.goto(`${server.url}${registryPath("evidenceSave/fileEvidence", "dataList/Certificate")}?id=${record.id}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "原始文件" }).click()]);
    expect(download.suggestedFilename()).toBe("contract.txt");
    expect((await bytesOf(download)).equals(contract)).toBe(true);
    // The holder checks a file against the record in the browser; nothing is uploaded.
    const file = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "original-")), "contract.txt");
    fs.writeFileSync(file, contract);
    await page.getByTestId("original-file-check").locator('input[type="file"]').setInputFiles(file);
    await page.getByText("一致：该文件就是存证时的文件").waitFor();
    await page.getByTestId("certificate-result").getByText("核验通过").waitFor();
    await shoot(page, "certificate-page-file-check");
    expect(problems).toEqual([]);
  });

  it("adds a child to an existing affair from its child list page", async () => {
    const created = await uploadEvidence(server.url, evidenceEndpoints("affair").create, holder.token, { name: "装修工程事务" }, [
      { name: "施工合同.txt", content: Buffer.from("施工合同") },
      { name: "预算.txt", content: Buffer.from("预算") },
    ]);
    const affair = created.datas as { id: number; certificateNo: string };
    await page.goto(`${server.url}${registryPath("evidenceSave/affairEvidence", "dataList/childDataList")}?id=${affair.id}`);
    await page.getByRole("cell", { name: "施工合同.txt" }).waitFor();
    await page.getByRole("button", { name: "追加子存证" }).click();
    const dialog = page.getByRole("dialog", { name: "向“装修工程事务”追加子存证" });
    const file = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "affair-")), "验收单.txt");
    fs.writeFileSync(file, "竣工验收：合格");
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole("button", { name: "提交存证" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: "验收单.txt" });
    await row.getByText("事务创建后追加").waitFor();
    await row.getByText("已存证").waitFor();
    await page.getByText("3 条（创建时 2 条，其后追加 1 条）").waitFor();
    await shoot(page, "affair-child-list-added");

    // The child's certificate names its affair by name and certificate number.
    await row.getByRole("link", { name: "查看证书" }).click();
    await page.waitForURL("**/childDataList/Certificate?id=*");
    await page.getByText(`事务证书编号：${affair.certificateNo}`).waitFor();
    await page.getByText("事务名称：装修工程事务").waitFor();
    await shoot(page, "affair-child-certificate");
    expect(problems).toEqual([]);
  });
});
