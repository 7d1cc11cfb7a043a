import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { CERTIFICATE_NO_PARAM, CERTIFICATE_VERIFY_PATH } from "../../src/schema/certificate-names.js";
import { webapiPath } from "../../src/schema/contract.js";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { call, expectSuccess, registerUser, signedQuery, uniqueMobile, type LoginResult } from "./support/api-accounts.js";
import { SCREENSHOT_DIR, watchConsole } from "./support/browser.js";
import { decideInConsole } from "./support/console-reviewer.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { sharedServerAndBrowser } from "./support/platform.js";

/**
 * A certificate shows its holder's identity as a proven fact (issue 13): a customer's real name is
 * approved in the console, the customer preserves a file, and a visitor's browser, the PDF and the
 * offline verifier each find the approval's ledger entry under the evidence's own signed
 * checkpoint; a customer nobody verified gets a certificate saying so plainly.
 */
const { server, browser } = sharedServerAndBrowser();
const VERIFIER = path.resolve(import.meta.dirname, "../../bin/hengzheng-verify.mjs");
const first17 = "11010119850505432";

async function preserveFile(session: LoginResult, name: string): Promise<{ id: number; certificateNo: string }> {
  const answer = await uploadEvidence(server.url, evidenceEndpoints("file").create, session.token, {}, [{ name, content: randomBytes(2000) }]);
  return expectSuccess("file evidence", answer as { code: number; message: string; datas: { id: number; certificateNo: string }[] })[0];
}

async function openPublicCertificate(page: Page, certificateNo: string) {
  await page.goto(`${server.url}${CERTIFICATE_VERIFY_PATH}?${CERTIFICATE_NO_PARAM}=${certificateNo}`);
  const result = page.getByTestId("certificate-result");
  await result.waitFor();
  return result;
}

async function checkStatus(page: Page, id: string) {
  return page.getByTestId("certificate-result").locator(`[data-check="${id}"]`).getAttribute("data-status");
}

describe("the holder's identity on a certificate", () => {
  it("an approved real name is shown with its ledger entry and checked in the browser, in the PDF and offline", async () => {
    const mobile = uniqueMobile();
    const session = await registerUser(server.url, mobile, "abc12345");
    const submitted = await call(server.url, PERSONAL_ENDPOINTS.submitRealName, { realName: "陈证明", idNumber: first17 + nationalIdCheckChar(first17), token: session.token });
    expectSuccess("submitRealName", submitted.body);
    await decideInConsole(server, mobile, "approve");
    const stored = await preserveFile(session, "身份已核验的合同.pdf");

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchConsole(page);
    const result = await openPublicCertificate(page, stored.certificateNo);
    await expect.poll(() => result.getAttribute("data-ok")).toBe("true");
    await result.getByText(/^个人实名认证已通过（平台审核于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d），账本序号 \d+，区块高度 \d+$/).waitFor();
    expect(await checkStatus(page, "identity-entry")).toBe("pass");
    expect(await checkStatus(page, "identity-inclusion")).toBe("pass");
    // Nothing of the person but the masked holder name the certificate always showed.
    expect(await result.textContent()).not.toContain("陈证明");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-holder-identity-verified.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();

    const query = signedQuery({ id: String(stored.id), token: session.token });
    const pdf = Buffer.from(await (await fetch(`${server.url}${webapiPath(CERTIFICATE_ENDPOINTS.getCertificatePdf)}?${query}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdfPath = path.join(SCREENSHOT_DIR, "certificate-holder-identity.pdf");
    fs.writeFileSync(pdfPath, pdf);
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, "verify", pdfPath]);
    expect(stdout).toMatch(/持有人身份：个人实名认证已通过（平台审核于 [\d: -]+），账本序号 \d+，区块高度 \d+/);
    expect(stdout).toContain("✔ 通过  持有人身份审核记录为身份认证通过");
    expect(stdout).toContain("✔ 通过  持有人身份审核记录包含在同一签名检查点中");
    expect(stdout).toContain("结论：核验通过。");
  });

  it("a holder nobody verified gets a certificate saying so plainly", async () => {
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    const stored = await preserveFile(session, "未核验身份的合同.pdf");
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const result = await openPublicCertificate(page, stored.certificateNo);
    await expect.poll(() => result.getAttribute("data-ok")).toBe("true");
    await result.getByText("存证时持有人身份未经平台核验", { exact: true }).waitFor();
    expect(await checkStatus(page, "identity-entry")).toBe("skip");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "certificate-holder-identity-unverified.png"), fullPage: true });
    await page.close();
  });
});
