import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_VERIFY_PER_MINUTE } from "../../server/modules/certificate/certificate.routes.js";
import { CERTIFICATE_ENDPOINTS } from "../../src/schema/certificate.js";
import { webapiPath } from "../../src/schema/contract.js";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence.js";
import { readCertificatePdf } from "../../src/verification/certificate-file.js";
import { verifyCertificate } from "../../src/verification/certificate-checks.js";
import { postMultipart } from "./support/multipart.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { startOpensslTsa } from "./support/openssl-tsa.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
/** Alice's stored file evidence. */
let stored: { id: number; certificateNo: string; sha256: string };
const content = randomBytes(4096);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const sm3 = (bytes: Buffer) => createHash("sm3").update(bytes).digest("hex");

// URLs rather than t.call: the GET and POST twins of a lookup share one path.
const PDF = webapiPath(CERTIFICATE_ENDPOINTS.getCertificatePdf);
const BY_NUMBER = webapiPath(CERTIFICATE_ENDPOINTS.verifyByCertificateNo);
const BY_DIGEST = webapiPath(CERTIFICATE_ENDPOINTS.verifyByDigest);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  alice = await registerUser(t, "13700000011");
  bob = await registerUser(t, "13700000012");
  const response = await postMultipart(t, webapiPath(KINDS.file.create), { name: "北京供货合同.pdf" }, {
    token: alice.token,
    files: [{ name: "file", filename: "北京供货合同.pdf", contentType: "application/pdf", content }],
  });
  [stored] = response.json().datas;
}, 60_000);
afterAll(async () => t.close());

describe("the holder's certificate PDF", () => {
  it("is a PDF that carries its own proof, which verifies against the platform key with the original file", async () => {
    const response = await t.get(PDF, { id: String(stored.id) }, { token: alice.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain(encodeURIComponent(`存证证书-${stored.certificateNo}.pdf`));
    const pdf = new Uint8Array(response.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const certificate = await readCertificatePdf(pdf);
    expect(certificate.facts).toMatchObject({ certificateNo: stored.certificateNo, evidenceName: "北京供货合同.pdf", sha256: sha256(content), sm3: sm3(content), verifierKey: t.app.services.ledger.verifierKey });
    expect(certificate.facts!.timeSource).toBe("时间为本平台服务器时间，未经第三方可信时间戳机构认证");
    const verification = verifyCertificate({
      entry: certificate.entry,
      proofBundle: certificate.proofBundle,
      verifierKeys: [t.app.services.ledger.verifierKey],
      certificateNo: stored.certificateNo,
      file: { sha256: sha256(content), sm3: sm3(content) },
    });
    expect(verification.checks.filter((check) => check.status !== "pass").map((check) => check.id)).toEqual(["consistency"]);
    expect(verification.ok).toBe(true);
  });

  it("is 'not found' for another user's record and for an unknown one, never 'forbidden'", async () => {
    for (const [id, token] of [[String(stored.id), bob.token], ["999999", alice.token], ["abc", alice.token]]) {
      const response = await t.get(PDF, { id }, { token });
      expect(response.json()).toMatchObject({ code: 404, message: "未找到该证书" });
    }
  });

  it("needs a signed-in user", async () => {
    const response = await t.get(PDF, { id: String(stored.id) });
    expect(response.headers["content-type"]).not.toBe("application/pdf");
    expect(response.json().code).not.toBe(200);
  });
});

describe("public verification", () => {
  it("by certificate number answers the logged entry and a proof that verifies, with names masked", async () => {
    const answer = (await t.get(BY_NUMBER, { certificateNo: stored.certificateNo })).json();
    expect(answer.code).toBe(200);
    expect(answer.datas).toMatchObject({ certificateNo: stored.certificateNo, kind: "file", kindLabel: "文件存证", evidenceName: "北****同.pdf", holderName: "1********1" });
    expect(JSON.stringify(answer.datas)).not.toContain("北京供货合同");
    expect(JSON.stringify(answer.datas)).not.toContain("13700000011");
    const verification = verifyCertificate({ entry: answer.datas.entry, proofBundle: answer.datas.proofBundle, verifierKeys: [t.app.services.ledger.verifierKey], certificateNo: stored.certificateNo });
    expect(verification.ok).toBe(true);
    // Any other key refuses the same answer.
    const forged = verifyCertificate({ entry: answer.datas.entry, proofBundle: answer.datas.proofBundle, verifierKeys: ["hengzheng.local/evidence-log+00000000+AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhIjKlMnOpQrSt"] });
    expect(forged.ok).toBe(false);
  });

  it("by digest finds every record with that content, upper-case hex included, over GET and POST", async () => {
    const byGet = (await t.get(BY_DIGEST, { sha256: sha256(content).toUpperCase() })).json();
    expect(byGet.code).toBe(200);
    expect(byGet.datas.map((item: { certificateNo: string }) => item.certificateNo)).toEqual([stored.certificateNo]);
    const byPost = (await t.post(BY_DIGEST, { sha256: sha256(content) })).json();
    expect(byPost.datas[0].certificateNo).toBe(stored.certificateNo);
  });

  it.each([
    [BY_NUMBER, { certificateNo: "HZ0000000000000000000000" }, 404, "未找到该证书编号对应的存证，请核对证书编号"],
    [BY_NUMBER, { certificateNo: "" }, 1001, "请输入证书编号"],
    [BY_DIGEST, { sha256: sha256(Buffer.from("从未存证的内容")) }, 404, "没有与该摘要一致的存证：文件可能被改动过，或从未在本平台存证"],
    [BY_DIGEST, { sha256: "xyz" }, 1001, "SHA-256 值应为 64 位十六进制字符（0-9、a-f）"],
  ])("%s %o answers %i: %s", async (path, params, code, message) => {
    const before = await t.app.services.ledger.latestCheckpoint();
    expect((await t.get(path, params)).json()).toMatchObject({ code, message });
    expect((await t.app.services.ledger.latestCheckpoint())?.treeSize).toBe(before?.treeSize);
  });

  it(`limits each address to ${PUBLIC_VERIFY_PER_MINUTE} lookups a minute`, async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < PUBLIC_VERIFY_PER_MINUTE; i += 1) {
      expect((await t.get(BY_NUMBER, { certificateNo: stored.certificateNo }, { ip })).statusCode).toBe(200);
    }
    const refused = await t.get(BY_NUMBER, { certificateNo: stored.certificateNo }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^请求过于频繁，请.*再试$/);
    // Another address is not held up by it.
    expect((await t.get(BY_NUMBER, { certificateNo: stored.certificateNo }, { ip: "198.51.100.8" })).statusCode).toBe(200);
  });

  it.each([
    ["certificate number", BY_NUMBER, () => ({ certificateNo: stored.certificateNo })],
    ["digest", BY_DIGEST, () => ({ sha256: stored.sha256 })],
  ])("gives the GET and POST twins of the %s lookup one budget per address", async (_kind, path, params) => {
    const ip = `198.51.100.${path === BY_NUMBER ? 20 : 21}`;
    for (let i = 0; i < PUBLIC_VERIFY_PER_MINUTE; i += 1) {
      const response = i % 2 === 0 ? await t.get(path, params(), { ip }) : await t.post(path, params(), { ip });
      expect(response.statusCode).toBe(200);
    }
    expect((await t.get(path, params(), { ip })).statusCode).toBe(429);
    expect((await t.post(path, params(), { ip })).statusCode).toBe(429);
  });
});

describe("the certificate's time source", () => {
  it("names the RFC 3161 time-stamp authority and its time once a token covers the entry", async () => {
    const tsa = await startOpensslTsa();
    const stamped = await createTestApp({ seedDemo: false, env: { TSA_URL: tsa.url, TSA_CA_FILE: tsa.caFile } });
    try {
      const carol = await registerUser(stamped, "13700000013");
      const response = await postMultipart(stamped, webapiPath(KINDS.file.create), {}, {
        token: carol.token,
        files: [{ name: "file", filename: "报价单.pdf", contentType: "application/pdf", content: randomBytes(2000) }],
      });
      const [record] = response.json().datas;
      await stamped.app.services.chain.idle();
      const answer = (await stamped.get(BY_NUMBER, { certificateNo: record.certificateNo })).json();
      expect(answer.datas.timeSource.startsWith(`RFC 3161 可信时间戳：${tsa.url}，`)).toBe(true);
      expect(answer.datas.timeSource).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）盖于账本前 \d+ 条的检查点$/);
      const pdf = await readCertificatePdf(new Uint8Array((await stamped.get(PDF, { id: String(record.id) }, { token: carol.token })).rawPayload));
      expect(pdf.facts!.timeSource).toBe(answer.datas.timeSource);
    } finally {
      await stamped.close();
      await tsa.close();
    }
  }, 60_000);
});
