import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_ENDPOINTS, type PublicCertificate } from "../../src/schema/certificate.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { readCertificatePdf } from "../../src/verification/certificate-file.js";
import { verifyCertificate } from "../../src/verification/certificate-checks.js";
import { holderIdentityOfAnswer, holderIdentityOfPdf } from "../../src/verification/holder-identity-check.js";
import { decideInConsole, pendingApplicationOf, signInReviewer } from "./support/identity-review.js";
import { postMultipart } from "./support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "./support/personal-users.js";
import { gradientPng } from "./support/png-image.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/**
 * A certificate states its holder's identity at the evidence's time (issue 13): the operator's
 * approval of the real-name or enterprise application then in force, proven by the approval's
 * operatorAction ledger entry under the evidence's own signed checkpoint; or plainly that the
 * platform had not verified the holder. The public answer, the PDF and the checks all carry it.
 */

const first17 = "11010119880808123";
const ID_NUMBER = first17 + nationalIdCheckChar(first17);
const ENTERPRISE = { enterpriseName: "衡证存证测试有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110108MA01TEST01" };
const MINUTE = 60_000;
const BY_NUMBER = webapiPath(CERTIFICATE_ENDPOINTS.verifyByCertificateNo);
const PDF = webapiPath(CERTIFICATE_ENDPOINTS.getCertificatePdf);

let t: TestApp;
let zhang: RegisteredUser;
let li: RegisteredUser;
let firm: RegisteredUser;
/** Zhang's evidence before and after the approval of his real name. */
let beforeApproval: Stored;
let afterApproval: Stored;
let unverified: Stored;
let firmEvidence: Stored;
let approvedAt: number;

type Stored = { id: number; certificateNo: string };

async function storeFile(user: RegisteredUser, name: string): Promise<Stored> {
  const response = await postMultipart(t, webapiPath(KINDS.file.create), { name }, {
    token: user.token,
    files: [{ name: "file", filename: name, contentType: "text/plain", content: randomBytes(256) }],
  });
  const [stored] = response.json().datas;
  return stored;
}

const lookUp = async (certificateNo: string): Promise<PublicCertificate> => {
  const answer = (await t.get(BY_NUMBER, { certificateNo })).json();
  expect(answer.code).toBe(200);
  return answer.datas;
};
const keys = () => [t.app.services.ledger.verifierKey];
const check = (certificate: PublicCertificate) =>
  verifyCertificate({ entry: certificate.entry, proofBundle: certificate.proofBundle, verifierKeys: keys(), certificateNo: certificate.certificateNo, holderIdentity: holderIdentityOfAnswer(certificate) });
const statusOf = (verification: ReturnType<typeof check>, id: string) => verification.checks.find((item) => item.id === id)?.status;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  zhang = await registerUser(t, "13720000001");
  li = await registerUser(t, "13720000002");
  firm = await registerUser(t, "firm.identity@example.com");
  beforeApproval = await storeFile(zhang, "实名前的合同.txt");
  t.clock.advance(MINUTE);

  expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "张三丰", idNumber: ID_NUMBER }, { token: zhang.token })).json().code).toBe(200);
  t.clock.advance(MINUTE);
  approvedAt = t.clock.now();
  expect((await decideInConsole(t, zhang.account, "approve")).json().code).toBe(200);
  t.clock.advance(MINUTE);
  afterApproval = await storeFile(zhang, "实名后的合同.txt");
  unverified = await storeFile(li, "未认证的合同.txt");

  const files = [{ name: "licenceImage", filename: "licence.png", contentType: "image/png", content: gradientPng(40, 30) }];
  expect((await postMultipart(t, webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), ENTERPRISE, { token: firm.token, files, ip: freshIp() })).json().code).toBe(200);
  t.clock.advance(MINUTE);
  expect((await decideInConsole(t, firm.account, "approve")).json().code).toBe(200);
  t.clock.advance(MINUTE);
  firmEvidence = await storeFile(firm, "企业合同.txt");
}, 120_000);
afterAll(async () => t.close());

describe("a verified holder's certificate", () => {
  it("carries the approval's ledger entry, and the browser's check proves it under the evidence's checkpoint", async () => {
    const certificate = await lookUp(afterApproval.certificateNo);
    const approval = certificate.holderIdentity!;
    expect(approval).toMatchObject({ kind: "person", action: "identity.approve", time: approvedAt });
    expect(approval.ledgerIndex).toBeLessThan(certificate.ledgerIndex);
    expect(await t.app.services.ledger.blockHeightOf(approval.ledgerIndex)).toBe(approval.blockHeight);
    // The entry is the one the ledger holds at that index, an identity approval.
    expect(Buffer.from((await t.app.services.ledger.entry(approval.ledgerIndex))!).toString("utf8")).toBe(approval.entry);
    expect(parseOperatorActionEntry(approval.entry)).toMatchObject({ kind: "operatorAction", action: "identity.approve", time: approvedAt });

    const verification = check(certificate);
    expect(verification.ok).toBe(true);
    expect(statusOf(verification, "identity-entry")).toBe("pass");
    expect(statusOf(verification, "identity-inclusion")).toBe("pass");
  });

  it("shows nothing of the holder but what it already shows: no ID number, real name, operator or audit record", async () => {
    const certificate = await lookUp(afterApproval.certificateNo);
    expect(Object.keys(certificate.holderIdentity!).sort()).toEqual(["action", "blockHeight", "entry", "kind", "ledgerIndex", "proofBundle", "time"]);
    const text = JSON.stringify(certificate);
    for (const hidden of [ID_NUMBER, "张三丰", zhang.account]) expect(text).not.toContain(hidden);
    const rows = await t.app.database.db.selectFrom("operator_audit").select(["operator_account", "salt"]).where("action", "=", "identity.approve").execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { operator_account, salt } of rows) {
      expect(text).not.toContain(operator_account);
      expect(text).not.toContain(salt);
    }
  });

  it("says the enterprise verification for an enterprise holder", async () => {
    const certificate = await lookUp(firmEvidence.certificateNo);
    expect(certificate.holderIdentity).toMatchObject({ kind: "organisation", action: "identity.approve" });
    expect(check(certificate).ok).toBe(true);
  });

  it("carries the same in its PDF: the printed facts, the approval's entry and proof attached, checked as the offline verifier does", async () => {
    const response = await t.get(PDF, { id: String(afterApproval.id) }, { token: zhang.token });
    expect(response.headers["content-type"]).toBe("application/pdf");
    const contents = await readCertificatePdf(new Uint8Array(response.rawPayload));
    const answer = await lookUp(afterApproval.certificateNo);
    const { entry, proofBundle, ...approval } = answer.holderIdentity!;
    expect(contents.facts?.holderIdentity).toEqual(approval);
    expect(new TextDecoder().decode(contents.identityProof!.entry)).toBe(entry);
    expect(parseOperatorActionEntry(new TextDecoder().decode(contents.identityProof!.entry))?.action).toBe("identity.approve");
    const verification = verifyCertificate({ entry: contents.entry, proofBundle: contents.proofBundle, verifierKeys: keys(), holderIdentity: holderIdentityOfPdf(contents) });
    expect(verification.ok).toBe(true);
    expect(statusOf(verification, "identity-inclusion")).toBe("pass");
    expect(proofBundle.split("\n\n")[1]).toBe(contents.proofBundle.split("\n\n")[1]);
  });

  it("fails the check when the entry's index is tampered with, in the answer or in the proof", async () => {
    const certificate = await lookUp(afterApproval.certificateNo);
    const approval = certificate.holderIdentity!;
    const movedClaim = { ...certificate, holderIdentity: { ...approval, ledgerIndex: approval.ledgerIndex + 1 } };
    expect(check(movedClaim).ok).toBe(false);
    expect(statusOf(check(movedClaim), "identity-inclusion")).toBe("fail");
    const movedProof = { ...certificate, holderIdentity: { ...approval, proofBundle: approval.proofBundle.replace(/^index \d+$/m, `index ${approval.ledgerIndex + 1}`) } };
    expect(check(movedProof).ok).toBe(false);
    expect(statusOf(check(movedProof), "identity-inclusion")).toBe("fail");
    // The evidence itself still proves: only the identity line fails.
    expect(statusOf(check(movedClaim), "inclusion")).toBe("pass");
  });
});

describe("a certificate without a proven identity", () => {
  it("says the holder was not verified for a holder who never was", async () => {
    const certificate = await lookUp(unverified.certificateNo);
    expect(certificate.holderIdentity).toBeNull();
    const verification = check(certificate);
    expect(verification.ok).toBe(true);
    expect(statusOf(verification, "identity-entry")).toBe("skip");
  });

  it("says so for evidence stored before the holder's approval, though the holder is verified now", async () => {
    expect((await lookUp(beforeApproval.certificateNo)).holderIdentity).toBeNull();
  });

  it("says so in the PDF, with no approval attached", async () => {
    const response = await t.get(PDF, { id: String(unverified.id) }, { token: li.token });
    const contents = await readCertificatePdf(new Uint8Array(response.rawPayload));
    expect(contents.facts?.holderIdentity).toBeNull();
    expect(contents.identityProof).toBeNull();
    expect(verifyCertificate({ entry: contents.entry, proofBundle: contents.proofBundle, verifierKeys: keys(), holderIdentity: holderIdentityOfPdf(contents) }).ok).toBe(true);
  });

  it("never invents an entry for an approval the audit trail did not record (decided before it existed)", async () => {
    const wang = await registerUser(t, "13720000003");
    expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "王五", idNumber: ID_NUMBER }, { token: wang.token })).json().code).toBe(200);
    const { kind, id } = await pendingApplicationOf(t, await signInReviewer(t), wang.account);
    // How applications were decided before issue 13: directly, with no audit record and no ledger entry.
    await t.app.services.personal.identity.decide(kind, id, { outcome: "approved" });
    t.clock.advance(MINUTE);
    const stored = await storeFile(wang, "旧审核后的合同.txt");
    expect((await lookUp(stored.certificateNo)).holderIdentity).toBeNull();
  });

  it("never proves a rejection as the holder's identity", async () => {
    const zhao = await registerUser(t, "13720000004");
    expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "赵六", idNumber: ID_NUMBER }, { token: zhao.token })).json().code).toBe(200);
    expect((await decideInConsole(t, zhao.account, "reject", "证件照片不清晰")).json().code).toBe(200);
    t.clock.advance(MINUTE);
    const stored = await storeFile(zhao, "驳回后的合同.txt");
    expect((await lookUp(stored.certificateNo)).holderIdentity).toBeNull();
  });
});
