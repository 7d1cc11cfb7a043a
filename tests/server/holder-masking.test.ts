import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes, createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_ENDPOINTS, maskDisplayName } from "../../src/schema/certificate.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { EVIDENCE_LIBRARY_ENDPOINTS as E, EXTRACTION_ENDPOINTS as X } from "../../src/schema/evidence-library.js";
import { readCertificatePdf } from "../../src/verification/certificate-file.js";
import { solveCaptcha } from "./support/login-client.js";
import { postMultipart } from "./support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { readZip } from "./support/zip-reader.js";

/**
 * Whatever a third party can see (the certificate PDF, the public lookups, the extraction list and
 * its downloads) shows the holder masked as the public pages do, never the full phone number.
 */

const PHONE = "13700000021";
const MASKED = maskDisplayName(PHONE);
const content = randomBytes(2048);

let t: TestApp;
let holder: RegisteredUser;
let stored: { id: number; certificateNo: string };
let thirdParty: Record<string, string>;

/** The text a reader of the PDF sees, and the certificate facts embedded in it for programs. */
async function pdfTexts(pdf: Buffer): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "holder-mask-")), "certificate.pdf");
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const embedded = await readCertificatePdf(new Uint8Array(pdf));
  return `${text}\n${JSON.stringify(embedded)}`;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  holder = await registerUser(t, PHONE);
  const response = await postMultipart(t, webapiPath(KINDS.file.create), { name: "采购合同.pdf" }, {
    token: holder.token,
    files: [{ name: "file", filename: "采购合同.pdf", contentType: "application/pdf", content }],
  });
  [stored] = response.json().datas;
  const created = (await t.call(E.createExtraction, { evidenceIds: [stored.id], validDays: 7, remark: "提交法院" }, { token: holder.token })).json().datas;
  const { cookies, answer } = await solveCaptcha(t);
  const login = await t.call(X.login, { extractNo: created.extractNo, extractCode: created.extractCode, vCode: answer }, { cookies, ip: freshIp() });
  thirdParty = { hz_extract: login.cookies.find((cookie) => cookie.name === "hz_extract")!.value };
}, 60_000);
afterAll(async () => t.close());

describe("the holder as a third party sees it", () => {
  it("the certificate PDF shows the masked holder, on the page and in its embedded facts", async () => {
    for (const pdf of [
      (await t.call(CERTIFICATE_ENDPOINTS.getCertificatePdf, { id: String(stored.id) }, { token: holder.token })).rawPayload,
      (await t.call(X.download, { id: stored.id, part: "certificate" }, { cookies: thirdParty })).rawPayload,
    ]) {
      const text = await pdfTexts(pdf);
      expect(text).toContain(MASKED);
      expect(text).not.toContain(PHONE);
    }
  }, 30_000);

  it("the public lookups by number and by digest answer the masked holder only", async () => {
    const byNumber = await t.call(CERTIFICATE_ENDPOINTS.verifyByCertificateNo, { certificateNo: stored.certificateNo });
    const byDigest = await t.call(CERTIFICATE_ENDPOINTS.verifyByDigest, { sha256: createHash("sha256").update(content).digest("hex") });
    for (const response of [byNumber, byDigest]) {
      expect(response.json().code).toBe(200);
      expect(response.payload).toContain(MASKED);
      expect(response.payload).not.toContain(PHONE);
    }
  });

  it("the extraction list and the package a third party downloads never hold the full number", async () => {
    const list = await t.call(X.list, {}, { cookies: thirdParty });
    expect(list.json().datas.session.holderName).toBe(MASKED);
    expect(list.payload).not.toContain(PHONE);

    const started = (await t.call(X.createPackage, { evidenceIds: [stored.id] }, { cookies: thirdParty, ip: freshIp() })).json();
    let status = started.datas;
    while (status.status === "packaging") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await t.call(X.packageStatus, { jobId: started.datas.jobId }, { cookies: thirdParty })).json().datas;
    }
    const zip = readZip((await t.call(X.downloadPackage, { jobId: status.jobId }, { cookies: thirdParty })).rawPayload);
    for (const [name, bytes] of zip) {
      // The original (random bytes named .pdf) is the holder's own content; the certificates are read as PDFs.
      const text = path.basename(name).startsWith("存证证书-") ? await pdfTexts(bytes) : bytes.toString("utf8");
      expect(text, name).not.toContain(PHONE);
    }
  }, 30_000);
});
