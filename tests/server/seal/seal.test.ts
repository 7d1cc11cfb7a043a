import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../../src/schema/evidence.js";
import { SEAL_ENDPOINTS, SEAL_MESSAGES, SealCode } from "../../../src/schema/seal.js";
import { postMultipart } from "../support/multipart.js";
import { startOpensslTsa, type OpensslTsa } from "../support/openssl-tsa.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/**
 * The electronic seal through the real app: only enterprise-verified accounts configure it, the
 * platform CA's certificate chains, and a sealed PDF passes poppler's `pdfsig` (signature valid,
 * whole document signed; the issuer is reported untrusted since the platform CA is in no NSS
 * store, which is what a relying party without our root sees too).
 */
const run = promisify(execFile);
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "seal-test-"));

async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(tempDir, `check-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  // pdfsig exits non-zero when a signature does not validate; its report is what we read.
  const result = await run("pdfsig", [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return result.stdout;
}

function makePdf(pages: number, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", ...options });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= pages; page += 1) {
    if (page > 1) doc.addPage();
    doc.fontSize(18).text(`Contract page ${page}`);
  }
  doc.end();
  return done;
}

let t: TestApp;
let company: RegisteredUser;
let person: RegisteredUser;
const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: RegisteredUser) => (await t.call(endpoint, params, { token: user.token })).json();
const sealUpload = (user: RegisteredUser, content: Buffer, fields: Record<string, string> = {}, filename = "合同.pdf") =>
  postMultipart(t, webapiPath(SEAL_ENDPOINTS.sealUpload), fields, { token: user.token, files: [{ name: "file", filename, contentType: "application/pdf", content }] });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  company = await registerUser(t, "13760000001");
  person = await registerUser(t, "13760000002");
  // What an operator's approval of the enterprise application leaves on the account.
  await t.database.handle.db.updateTable("users").set({ enterprise_status: 2, enterprise_name: "杭州衡证示例科技有限公司" }).where("id", "=", company.id).execute();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe("who may configure a seal", () => {
  it("refuses every change to an account without enterprise verification, and says where to verify", async () => {
    const config = await call(SEAL_ENDPOINTS.config, {}, person);
    expect(config.datas).toMatchObject({ canConfigure: false, state: "unconfigured", certificate: null });
    for (const [endpoint, params] of [
      [SEAL_ENDPOINTS.saveConfig, { imageSource: "generated" }],
      [SEAL_ENDPOINTS.issueCertificate, {}],
      [SEAL_ENDPOINTS.preview, {}],
    ] as const) {
      expect(await call(endpoint, params, person)).toMatchObject({ code: SealCode.notEnterprise, message: SEAL_MESSAGES.notEnterprise });
    }
    expect((await sealUpload(person, await makePdf(1))).json()).toMatchObject({ code: SealCode.notEnterprise });
    expect(await t.database.handle.db.selectFrom("seal_configs").selectAll().execute()).toEqual([]);
  });

  it("refuses sealing before a certificate is issued", async () => {
    expect((await sealUpload(company, await makePdf(1))).json()).toMatchObject({ code: SealCode.notConfigured, message: SEAL_MESSAGES.notConfigured });
  });
});

describe("the organisation's certificate and seal", () => {
  it("issues a certificate for the verified name that chains to the platform's seal CA", async () => {
    const preview = await call(SEAL_ENDPOINTS.preview, { bottomText: "合同专用章" }, company);
    const svg = Buffer.from(preview.datas.dataUrl.split(",")[1], "base64").toString("utf8");
    expect(svg).toContain("<polygon");
    expect(svg).toContain(">杭<");
    expect(svg).toContain("合同专用章");

    const saved = await call(SEAL_ENDPOINTS.saveConfig, { imageSource: "generated", bottomText: "合同专用章" }, company);
    expect(saved.datas).toMatchObject({ state: "unconfigured", bottomText: "合同专用章" });
    const issued = await call(SEAL_ENDPOINTS.issueCertificate, {}, company);
    expect(issued.code).toBe(200);
    expect(issued.datas.state).toBe("active");
    const leaf = new X509Certificate(issued.datas.certificate.pem);
    const ca = new X509Certificate(issued.datas.caCertificatePem);
    expect(leaf.subject).toContain("CN=杭州衡证示例科技有限公司");
    expect(leaf.subject).toContain("O=杭州衡证示例科技有限公司");
    expect(ca.subject).toContain("CN=衡证平台电子印章CA（平台自建，非依法设立的电子认证服务机构）");
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(leaf.keyUsage).toContain("1.3.6.1.5.5.7.3.36");
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBeGreaterThan(364 * 24 * 3600 * 1000);

    // The private key rests sealed, never in clear.
    const row = await t.database.handle.db.selectFrom("seal_certificates").selectAll().where("user_id", "=", company.id).executeTakeFirstOrThrow();
    expect(row.sealed_private_key.startsWith("v1.")).toBe(true);
    expect(row.sealed_private_key).not.toContain("PRIVATE KEY");
    expect(t.logs.join("\n")).not.toContain(row.sealed_private_key);
  });

  it("takes only a transparent PNG as an uploaded seal image", async () => {
    const upload = (content: Buffer, filename: string) =>
      postMultipart(t, webapiPath(SEAL_ENDPOINTS.uploadImage), {}, { token: company.token, files: [{ name: "file", filename, contentType: "image/png", content }] });
    const opaque = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082", "hex");
    expect((await upload(opaque, "seal.png")).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.imageNotTransparent });
    expect((await upload(Buffer.from("not an image"), "seal.png")).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.imageNotPng });
    expect((await call(SEAL_ENDPOINTS.config, {}, company)).datas).toMatchObject({ imageSource: "generated", hasUploadedImage: false });
  });
});

describe("sealing", () => {
  it("seals an uploaded PDF: pdfsig finds a valid signature over the whole document, a changed byte breaks it", async () => {
    const answer = (await sealUpload(company, await makePdf(3), { documentName: "采购合同" })).json();
    expect(answer.code).toBe(200);
    expect(answer.datas).toMatchObject({ documentName: "采购合同", source: "upload", pages: 3, sealedPage: 3, timestamp: "none" });

    const download = await t.call(SEAL_ENDPOINTS.download, { id: answer.datas.id }, { token: company.token });
    expect(download.headers["content-type"]).toContain("application/pdf");
    const sealed = download.rawPayload;
    const report = await pdfsig(sealed);
    expect(report).toContain("Signer Certificate Common Name: 杭州衡证示例科技有限公司");
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Certificate Validation: Certificate issuer isn't Trusted.");

    // One byte changed inside the first signed range: a letter of the document's producer string.
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("PDFKit");
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(tampered.indexOf("/ByteRange"));
    tampered[at] = "Q".charCodeAt(0);
    const tamperedReport = await pdfsig(tampered);
    // poppler names the failure: the signed bytes no longer digest to the signed message-digest.
    expect(tamperedReport).toContain("Signature Validation: Digest Mismatch.");
    expect(tamperedReport).not.toContain("Signature is Valid");

    // On the ledger as evidence of kind sealedPdf, digesting the sealed file itself.
    const evidence = await t.app.services.evidence.findByCertificateNo(answer.datas.certificateNo);
    expect(evidence).toMatchObject({ kind: "sealedPdf", status: "stored", size: sealed.length, holderUserId: company.id });
    expect(evidence!.ledgerIndex).not.toBeNull();
  });

  it("seals the certificate PDF of the holder's own evidence, chosen by certificate number", async () => {
    const text = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "会议纪要", content: "双方确认交付日期" }, company);
    const answer = await call(SEAL_ENDPOINTS.sealCertificate, { certificateNo: text.datas.certificateNo, page: 1 }, company);
    expect(answer.code).toBe(200);
    expect(answer.datas).toMatchObject({ source: "certificate", sourceCertificateNo: text.datas.certificateNo, sealedPage: 1 });
    const sealed = (await t.call(SEAL_ENDPOINTS.download, { id: answer.datas.id }, { token: company.token })).rawPayload;
    const report = await pdfsig(sealed);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");

    // Another holder's certificate is "not found", by number or by id.
    const other = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "他人存证", content: "内容" }, person);
    expect((await call(SEAL_ENDPOINTS.sealCertificate, { certificateNo: other.datas.certificateNo }, company)).message).toBe(SEAL_MESSAGES.evidenceNotFound);
    expect((await call(SEAL_ENDPOINTS.sealCertificate, { evidenceId: other.datas.id }, company)).message).toBe(SEAL_MESSAGES.evidenceNotFound);
  });

  it("lists every sealing for its holder only, newest first", async () => {
    const list = await call(SEAL_ENDPOINTS.list, { pageNumber: 1, pageSize: 10 }, company);
    expect(list.datas.totalRow).toBe(2);
    expect(list.datas.list.map((row: { source: string }) => row.source)).toEqual(["certificate", "upload"]);
    expect((await call(SEAL_ENDPOINTS.list, { pageNumber: 1, pageSize: 10, keyName: "采购" }, company)).datas.totalRow).toBe(1);
    expect((await call(SEAL_ENDPOINTS.list, { pageNumber: 1, pageSize: 10 }, person)).datas.totalRow).toBe(0);
    const id = list.datas.list[0].id;
    expect((await t.call(SEAL_ENDPOINTS.download, { id }, { token: person.token })).json()).toMatchObject({ code: 404, message: SEAL_MESSAGES.sealingNotFound });
  });

  it("refuses what it cannot seal, storing nothing", async () => {
    const before = await t.database.handle.db.selectFrom("sealings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await sealUpload(company, Buffer.from("%PDF-1.7 but nothing more"))).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.notPdf });
    expect((await sealUpload(company, Buffer.from("hello"), {}, "note.txt")).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.notPdf });
    const encrypted = await makePdf(1, { userPassword: "secret", ownerPassword: "owner", pdfVersion: "1.7" });
    expect((await sealUpload(company, encrypted)).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.encrypted });
    expect((await sealUpload(company, await makePdf(2), { page: "5" })).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.noSuchPage });
    const signed = (await t.call(SEAL_ENDPOINTS.download, { id: (await call(SEAL_ENDPOINTS.list, { pageNumber: 1, pageSize: 10 }, company)).datas.list[0].id }, { token: company.token })).rawPayload;
    expect((await sealUpload(company, signed)).json()).toMatchObject({ code: 1001, message: SEAL_MESSAGES.alreadySigned });
    const after = await t.database.handle.db.selectFrom("sealings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses sealing while the seal is suspended, and seals again once resumed", async () => {
    await call(SEAL_ENDPOINTS.saveConfig, { imageSource: "generated", isEnabled: false }, company);
    expect((await sealUpload(company, await makePdf(1))).json()).toMatchObject({ code: SealCode.suspended });
    await call(SEAL_ENDPOINTS.saveConfig, { imageSource: "generated", isEnabled: true }, company);
    expect((await sealUpload(company, await makePdf(1))).json().code).toBe(200);
  });
});

describe("with a time-stamp authority (PAdES B-T)", () => {
  let tsa: OpensslTsa;
  let tsaApp: TestApp;
  beforeAll(async () => {
    tsa = await startOpensslTsa();
    tsaApp = await createTestApp({ seedDemo: false, env: { TSA_URL: tsa.url, TSA_CA_FILE: tsa.caFile } });
  });
  afterAll(async () => {
    await tsaApp?.close();
    await tsa?.close();
  });

  it("adds a signature time-stamp token and the signature still validates", async () => {
    const user = await registerUser(tsaApp, "13760000003");
    await tsaApp.database.handle.db.updateTable("users").set({ enterprise_status: 2, enterprise_name: "示例时间戳有限公司" }).where("id", "=", user.id).execute();
    await (await tsaApp.call(SEAL_ENDPOINTS.issueCertificate, {}, { token: user.token })).json();
    const content = await makePdf(1);
    const answer = (await postMultipart(tsaApp, webapiPath(SEAL_ENDPOINTS.sealUpload), {}, { token: user.token, files: [{ name: "file", filename: "a.pdf", contentType: "application/pdf", content }] })).json();
    expect(answer.datas.timestamp).toBe("tsa");
    expect(tsa.requests).toBeGreaterThan(0);
    const sealed = (await tsaApp.call(SEAL_ENDPOINTS.download, { id: answer.datas.id }, { token: user.token })).rawPayload;
    expect(await pdfsig(sealed)).toContain("Signature Validation: Signature is Valid.");
  });
});
