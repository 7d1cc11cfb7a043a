import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTARIAL_CERTIFICATE_ENDPOINTS, NOTARIAL_CERTIFICATE_NO_PATTERN, NOTARIAL_QUERY_MESSAGES } from "../../../src/schema/notarial-certificate.js";
import { parseNotarizationEntry } from "../../../src/schema/notarization-entry.js";
import { NOTARIZATION_ENDPOINTS as USER, NotarizationCode } from "../../../src/schema/notarization.js";
import { NOTARY_CONSOLE_ENDPOINTS as OFFICE, NOTARY_CONSOLE_MESSAGES } from "../../../src/schema/notary-console.js";
import type { RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { applicationForm, boughtBundle, draftAndSubmit, staffOf, storedSnapshot, verifiedApplicant, type StaffMember } from "./notarization-world.js";

/**
 * The notarial certificate through the real app: the office issues its seal, an approved
 * application's certificate is drawn from the office's template, sealed (poppler's pdfsig finds a
 * valid signature over the whole file), stored, its digest on the ledger; the public query
 * verifies it, and stops verifying once a stored byte of the PDF has changed.
 */
const run = promisify(execFile);
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "notarial-test-"));
const isPostgres = process.env.TEST_DB_KIND === "postgres";

let t: TestApp;
let applicant: RegisteredUser;
let admin: StaffMember;
let applicationId: number;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, who: { token: string }) => (await t.call(endpoint, params, { token: who.token })).json();
const publicQuery = async (certificateNo: string) => (await t.call(NOTARIAL_CERTIFICATE_ENDPOINTS.query, { certificateNo })).json();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  applicant = await verifiedApplicant(t, "赵六");
  admin = await staffOf(t, "衡州市公证处", "hz.admin01");
  const bundleId = await boughtBundle(t, applicant);
  const { id, submitted } = await draftAndSubmit(t, applicant, applicationForm(admin.officeId, [await storedSnapshot(t, applicant, "侵权商品页")], { bundleId, useDescription: "起诉侵权方" }));
  expect(submitted.code).toBe(200);
  applicationId = id;
  for (const action of ["accept", "startReview", "approve"]) expect((await call(OFFICE.decide, { id, action }, admin)).code).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe("issuing", () => {
  it("refuses to issue before the office has a seal, changing nothing", async () => {
    expect(await call(OFFICE.issueCertificate, { id: applicationId }, admin)).toMatchObject({ code: 1001, message: NOTARY_CONSOLE_MESSAGES.sealNotReady });
    expect((await call(OFFICE.requestContent, { id: applicationId }, admin)).datas).toMatchObject({ state: "approved", certificate: null });
  });

  it("previews the certificate unsealed and unnumbered", async () => {
    const preview = await t.call(OFFICE.previewCertificate, { id: applicationId }, { token: admin.token });
    expect(preview.headers["content-type"]).toContain("application/pdf");
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(preview.rawPayload.includes("/ByteRange")).toBe(false);
  });

  it("issues the office's seal from the platform seal CA", async () => {
    const setting = await call(OFFICE.issueSeal, {}, admin);
    expect(setting).toMatchObject({ code: 200, datas: { canEdit: true, seal: { serialNumber: expect.any(String), fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    const row = await t.database.handle.db.selectFrom("notary_offices").selectAll().where("id", "=", admin.officeId).executeTakeFirstOrThrow();
    expect(row.seal_private_key!.startsWith("v1.")).toBe(true);
    expect(row.seal_private_key).not.toContain("PRIVATE KEY");
  });

  it("issues a sealed certificate: stored, on the ledger with its digest, approved → issued", async () => {
    const issued = await call(OFFICE.issueCertificate, { id: applicationId }, admin);
    expect(issued).toMatchObject({ code: 200, datas: { state: "issued", certificate: { notaryName: expect.any(String) }, actions: [] } });
    const { certificateNo, sha256 } = issued.datas.certificate;
    expect(certificateNo).toMatch(NOTARIAL_CERTIFICATE_NO_PATTERN);
    // Issuing twice is the machine's refusal.
    expect(await call(OFFICE.issueCertificate, { id: applicationId }, admin)).toMatchObject({ code: NotarizationCode.stateRefused, message: "公证申请当前状态为“已出证”，不能出具公证书" });

    const download = await t.call(USER.downloadCertificate, { id: applicationId }, { token: applicant.token });
    expect(download.headers["content-type"]).toContain("application/pdf");
    const pdf = download.rawPayload;
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(sha256);
    expect((await t.call(OFFICE.downloadCertificate, { id: applicationId }, { token: admin.token })).rawPayload.equals(pdf)).toBe(true);

    await t.app.services.notarization.entries.idle();
    const detail = await call(USER.detail, { id: applicationId }, applicant);
    const issueEvent = detail.datas.events.at(-1);
    expect(issueEvent).toMatchObject({ action: "issue", toState: "issued", actor: "notary", ledgerIndex: expect.any(Number) });
    const entry = parseNotarizationEntry(Buffer.from((await t.app.services.ledger.entry(issueEvent.ledgerIndex))!).toString("utf8"));
    expect(entry).toMatchObject({ action: "issue", to: "issued", certificate: { no: certificateNo, sha256 } });
    expect(detail.datas.certificate.ledgerIndex).toBe(issueEvent.ledgerIndex);

    // poppler checks the seal once; it proves nothing about the database, so the PostgreSQL run skips it.
    if (!isPostgres) {
      const file = path.join(tempDir, "issued.pdf");
      fs.writeFileSync(file, pdf);
      const report = (await run("pdfsig", [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }))).stdout;
      expect(report).toContain("Signer Certificate Common Name: 衡州市公证处");
      expect(report).toContain("Total document signed");
      expect(report).toContain("Signature Validation: Signature is Valid.");
    }
  });

  it("lists the certificate in the office's register, searchable by number and applicant", async () => {
    const register = await call(OFFICE.issuedList, { pageNumber: 1, pageSize: 10 }, admin);
    expect(register.datas).toMatchObject({ totalRow: 1, list: [{ id: applicationId, applicantName: "赵六", evidenceCount: 1 }] });
    const number = register.datas.list[0].certificateNo as string;
    expect((await call(OFFICE.issuedList, { pageNumber: 1, pageSize: 10, certificateNo: number.slice(2, 10) }, admin)).datas.totalRow).toBe(1);
    expect((await call(OFFICE.issuedList, { pageNumber: 1, pageSize: 10, applicant: "某某" }, admin)).datas.totalRow).toBe(0);
  });
});

describe("the public query", () => {
  it("answers the masked applicant, the office, the evidence count and a verdict that verifies", async () => {
    const { certificate } = (await call(USER.detail, { id: applicationId }, applicant)).datas;
    const answer = await publicQuery(certificate.certificateNo.toLowerCase());
    expect(answer).toMatchObject({
      code: 200,
      datas: {
        certificateNo: certificate.certificateNo,
        officeName: "衡州市公证处",
        applicantName: "赵*",
        evidenceCount: 1,
        sha256: certificate.sha256,
        ledgerIndex: certificate.ledgerIndex,
        verdict: { digestMatches: true, onLedger: true, sealValid: true },
        proofBundle: expect.stringContaining("c2sp.org/tlog-proof@v1"),
      },
    });
    expect(answer.datas.entry).toContain(certificate.sha256);
  });

  it("refuses a malformed number and answers an unknown one as not found", async () => {
    expect(await publicQuery("HZ123")).toMatchObject({ code: 1001, message: NOTARIAL_QUERY_MESSAGES.invalid });
    expect(await publicQuery(`GZ${"0".repeat(22)}`)).toMatchObject({ code: 404, message: NOTARIAL_QUERY_MESSAGES.notFound });
  });

  it("stops verifying once a byte of the stored PDF has changed", async () => {
    const row = await t.database.handle.db.selectFrom("notarial_certificates").selectAll().where("application_id", "=", applicationId).executeTakeFirstOrThrow();
    const file = (await t.app.services.blobs.localPath(row.pdf_blob))!;
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf("/Producer");
    expect(at).toBeGreaterThan(0);
    bytes[at + 1] = "Q".charCodeAt(0);
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(file, bytes);
    const answer = await publicQuery(row.certificate_no);
    expect(answer.datas.verdict).toEqual({ digestMatches: false, onLedger: true, sealValid: false });
  });
});
