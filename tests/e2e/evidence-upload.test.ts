import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { registryPath } from "../../src/resources/registry-paths.js";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { registerUser, signInPage, uniqueMobile } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { sharedServerAndBrowser } from "./support/platform.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { signedGet } from "./support/signed-fetch.js";

const live = sharedServerAndBrowser();

describe("file evidence in the browser", () => {
  it("uploads a file through the page, which lists it as stored with its certificate number", async () => {
    const { server, browser } = live;
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchConsole(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}${registryPath("evidenceSave/fileEvidence", "dataList")}`);
    await page.getByRole("button", { name: "新建文件存证" }).click();

    const content = randomBytes(300_000);
    const file = path.join(fs.mkdtempSync(path.join(SCREENSHOT_DIR, "upload-")), "采购合同.pdf");
    fs.writeFileSync(file, content);
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole("button", { name: "提交存证" }).click();
    const success = page.getByText(/^存证成功，证书编号：HZ[0-9A-Z]{22}$/);
    await success.waitFor();
    const certificateNo = (await success.textContent())!.split("：")[1];

    const row = page.getByRole("row").filter({ hasText: certificateNo });
    await row.waitFor();
    await expect(row.getByText("已存证").isVisible()).resolves.toBe(true);
    await expect(row.getByText("采购合同.pdf").isVisible()).resolves.toBe(true);
    await expect(row.getByRole("link", { name: "查看证书" }).getAttribute("href")).resolves.toMatch(new RegExp(`^${registryPath("evidenceSave/fileEvidence", "dataList/Certificate")}\\?id=\\d+$`));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "evidence-file-list.png"), fullPage: true });

    // The server holds exactly these bytes under that number.
    const listed = await signedGet(server.url, webapiPath(evidenceEndpoints("file").list), { token: session.token });
    const record = listed.body.datas.list.find((item: { certificateNo: string }) => item.certificateNo === certificateNo);
    expect(record).toMatchObject({ status: "stored", size: content.length, sha256: createHash("sha256").update(content).digest("hex") });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers refused uploads over real HTTP (too large, invalid session) and keeps serving", async () => {
    const { server } = live;
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    const tooLarge = await uploadEvidence(server.url, evidenceEndpoints("file").create, session.token, {}, [{ name: "big.pdf", content: new Uint8Array(50 * 1024 * 1024 + 1) }]);
    expect(tooLarge).toMatchObject({ code: 1001, message: "文件大小超过50M" });
    const badSession = await uploadEvidence(server.url, evidenceEndpoints("file").create, `${session.token}x`, { name: "篡改" }, [{ name: "a.pdf", content: new Uint8Array(8 * 1024 * 1024).fill(1) }]);
    expect(badSession.code).toBe(102);
    const fine = await uploadEvidence(server.url, evidenceEndpoints("file").create, session.token, {}, [{ name: "ok.pdf", content: new Uint8Array([1, 2, 3]) }]);
    expect(fine.code).toBe(200);
  });
});
