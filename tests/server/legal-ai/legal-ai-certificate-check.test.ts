import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_ENDPOINTS } from "../../../src/schema/capture.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../../src/schema/evidence.js";
import { LEGAL_AI_ENDPOINTS, LegalAiCode, type CertificateCheck } from "../../../src/schema/legal-ai.js";
import { captureDouble } from "../support/capture-double.js";
import { startOpensslTsa, type OpensslTsa } from "../support/openssl-tsa.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { legalAiOptions, TEST_RULES } from "./legal-ai-fixtures.js";

/**
 * The Art. 17 check of a real certificate: evidence stored through its own call and a page captured
 * by the platform (capture engine double), on a ledger whose checkpoints the in-process witness
 * cosigns and a real RFC 3161 TSA (OpenSSL's) time-stamps.
 */
const double = captureDouble();
let t: TestApp;
let tsa: OpensslTsa;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let textCertificate: string;
let captureCertificate: string;

const check = async (certificateNo: string, user: RegisteredUser) => (await t.call(LEGAL_AI_ENDPOINTS.checkCertificate, { certificateNo }, { token: user.token })).json();
const factor = (result: CertificateCheck, n: number) => result.factors.find((candidate) => candidate.factor === n)!;

beforeAll(async () => {
  tsa = await startOpensslTsa();
  t = await createTestApp({
    seedDemo: false,
    legalAi: legalAiOptions(),
    capture: { engine: double.engine },
    env: { CAPTURE_ALLOWED_HOSTS: "127.0.0.1:9", TSA_URL: tsa.url, TSA_CA_FILE: tsa.caFile },
  });
  owner = await registerUser(t, "13790000021");
  stranger = await registerUser(t, "13790000022");
  const text = (await t.call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "聊天记录", content: "第一行\n第二行" }, { token: owner.token })).json();
  textCertificate = (await t.app.services.evidence.getForHolder(owner.id, text.datas.id))!.certificateNo;
  await t.database.handle.db.insertInto("package_counts").values({ user_id: owner.id, product_code: "30001", purchased_count: 1, remaining_count: 1, updated_at: t.clock.now() }).execute();
  const captured = (await t.call(CAPTURE_ENDPOINTS.create, { name: "侵权页面", urls: "http://127.0.0.1:9/news/1" }, { token: owner.token })).json();
  await t.app.services.capture.queue.idle();
  captureCertificate = (await t.call(CAPTURE_ENDPOINTS.one, { id: captured.datas[0].id }, { token: owner.token })).json().datas.certificateNo;
  await t.app.services.chain.idle();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await tsa?.close();
});

describe("checking a certificate against Art. 17 of 人民法院在线诉讼规则", () => {
  it("answers the technology and process from the ledger, witness and TSA checks, and says what it cannot show", async () => {
    const answer = await check(textCertificate, owner);
    expect(answer.code).toBe(200);
    const result = answer.datas as CertificateCheck;
    expect(result.certificateNo).toBe(textCertificate);
    expect(result.factors.map((item) => [item.factor, item.answer])).toEqual([
      [1, "notAnswered"],
      [2, "partly"],
      [3, "notAnswered"],
      [4, "answered"],
    ]);
    const record = (await t.app.services.evidence.findByCertificateNo(textCertificate))!;
    const technical = factor(result, 4).findings.join("\n");
    expect(technical).toContain(`SHA-256 ${record.sha256}`);
    expect(technical).toContain(`SM3 ${record.sm3}`);
    expect(technical).toMatch(/证据记录包含在检验所依据的签名检查点中：通过/);
    expect(technical).toMatch(/见证者联署有效.*：通过/);
    expect(technical).toMatch(/时间戳.*：通过/);
    expect(factor(result, 2).findings.join("\n")).toContain("利害关系，证书无法说明");
    expect(factor(result, 3).findings.join("\n")).toContain("不含取证环境记录");

    // The rule it answers to, quoted exactly.
    const rule = TEST_RULES.find((candidate) => candidate.id === "online-litigation-rules:17")!;
    expect(result.citation).toMatchObject({ sourceKind: "rule", sourceId: rule.id, label: "《人民法院在线诉讼规则》第十七条", quote: rule.summary });
    expect(result.citation!.sha256).toBe(createHash("sha256").update(rule.summary, "utf8").digest("hex"));
  });

  it("reads a web capture's own records of its environment for factor 3", async () => {
    const result = (await check(captureCertificate, owner)).datas as CertificateCheck;
    expect(factor(result, 3).answer).toBe("partly");
    expect(factor(result, 3).findings.join("\n")).toMatch(/取证过程记录与存证记录一致/);
    expect(factor(result, 4).answer).toBe("answered");
  });

  it("refuses someone else's certificate and an unknown one alike", async () => {
    expect(await check(textCertificate, stranger)).toMatchObject({ code: LegalAiCode.certificateNotFound, message: "未找到该证书，或该证书不属于您" });
    const unknown = `${textCertificate.slice(0, -4)}${textCertificate.slice(-4) === "0000" ? "0001" : "0000"}`;
    expect((await check(unknown, owner)).code).toBeOneOf([LegalAiCode.certificateNotFound, 1001]);
    expect((await t.call(LEGAL_AI_ENDPOINTS.checkCertificate, { certificateNo: textCertificate })).json().code).toBe(102);
  });
});
