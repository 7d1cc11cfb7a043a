import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INSUFFICIENT_BALANCE_MESSAGE } from "../../../src/schema/billing.js";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../../src/schema/child-account.js";
import { INSTITUTION_ENDPOINTS } from "../../../src/schema/console/appraisal-institutions.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../../src/schema/evidence-library.js";
import { APPRAISAL_ENDPOINTS, APPRAISAL_MESSAGES, AppraisalCode, EXPERT_ENDPOINTS } from "../../../src/schema/judicial-expert.js";
import { JUDICIAL_PAY_ENDPOINTS } from "../../../src/schema/judicial-pay.js";
import { applicantWithEvidence, commission, commissionForm, consoleOperator, INSTITUTION_FORM, institutionWithExperts, type Institution } from "../support/appraisal.js";
import { encryptorFor } from "../support/login-client.js";
import { postMultipart } from "../support/multipart.js";
import { freshIp, registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { readZip } from "../support/zip-reader.js";

/**
 * Judicial appraisal through the real app: a commission's every edge by the side that may take it,
 * every illegal one refused in Chinese with nothing changed, the fee reserved on payment, settled
 * on completion and released on a decline, the opinion stored as appraisalOpinion evidence with
 * its own certificate, and expert isolation (an expert of another institution gets "not found").
 */

let t: TestApp;
let operatorToken: string;
let alpha: Institution;
let beta: Institution;
let outsider: RegisteredUser;
let nextMobile = 13790000001;
const mobile = () => String(nextMobile++);

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, user: { token: string }) => (await t.call(endpoint, params, { token: user.token })).json();
const db = () => t.database.handle.db;
const balanceOf = (userId: number) => t.app.services.billing.journal.balanceOf(userId);
const stateOf = async (id: number) => (await db().selectFrom("appraisal_commissions").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;
const outboxTo = async (recipient: string) => (await db().selectFrom("outbox_messages").select("body").where("recipient", "=", recipient).orderBy("id").execute()).map((row) => row.body);
const expertOf = (institution: Institution, index = 0) => institution.experts[index];

const OPINION = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const uploadOpinion = (expert: RegisteredUser, id: number, content = OPINION, filename = "鉴定意见书.pdf") =>
  postMultipart(t, webapiPath(EXPERT_ENDPOINTS.uploadOpinion), { id: String(id) }, { token: expert.token, files: [{ name: "file", filename, contentType: "application/pdf", content }] });

/** A commission of a new applicant holding `fen`, taken through `steps` (quote, pay, start) by the sides that take them. */
async function commissionAt(steps: ("quote" | "pay" | "start")[], fen = 100_000, feeFen = 50_000) {
  const { user, evidenceId } = await applicantWithEvidence(t, mobile(), fen);
  const made = await commission(t, user, alpha.id, [evidenceId]);
  const expert = expertOf(alpha);
  for (const step of steps) {
    const answer =
      step === "quote"
        ? await call(EXPERT_ENDPOINTS.quote, { id: made.id, feeFen, expectedDays: 15 }, expert)
        : step === "pay"
          ? await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: made.id, feeFen }, user)
          : await call(EXPERT_ENDPOINTS.start, { id: made.id }, expert);
    expect(answer.code).toBe(200);
  }
  return { applicant: user, evidenceId, id: made.id, commissionNo: made.commissionNo, expert };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  operatorToken = (await consoleOperator(t)).token;
  alpha = await institutionWithExperts(t, operatorToken, "甲司法鉴定所", [mobile(), mobile()]);
  beta = await institutionWithExperts(t, operatorToken, "乙司法鉴定所", [mobile()]);
  outsider = await registerUser(t, mobile());
  // Two institutions, four accounts and an operator with both factors: more than the default 10 s on a loaded PostgreSQL.
}, 60_000);
afterAll(async () => t?.close());
// The money journal balances after every scenario.
afterEach(async () => expect(await t.app.services.billing.journal.verifyBalances()).toEqual({ ok: true, problems: [] }));

describe("a new commission", () => {
  it("is made by the applicant with their stored evidence, and the institution's experts are told", async () => {
    const { user, evidenceId } = await applicantWithEvidence(t, mobile(), 0);
    const created = (await t.call(APPRAISAL_ENDPOINTS.create, commissionForm(alpha.id, [evidenceId]), { token: user.token })).json();
    expect(created.code).toBe(200);
    expect(created.datas).toMatchObject({
      state: "submitted",
      institutionName: "甲司法鉴定所",
      evidenceCount: 1,
      feeFen: null,
      matters: "鉴定聊天记录是否经过篡改",
      actions: ["withdraw"],
      opinion: null,
      paymentId: null,
    });
    expect(created.datas.commissionNo).toMatch(/^JD\d{16}$/);
    expect(created.datas.evidence).toEqual([expect.objectContaining({ id: evidenceId, kind: "text", name: "聊天记录", isDeleted: false, hasContent: true })]);
    expect(created.datas.events).toEqual([expect.objectContaining({ action: "submit", fromState: null, toState: "submitted", actor: "applicant" })]);
    for (const expert of alpha.experts) expect((await outboxTo(expert.account)).at(-1)).toContain(`甲司法鉴定所收到新的司法鉴定委托（编号${created.datas.commissionNo}）`);
    expect((await outboxTo(expertOf(beta).account)).filter((text) => text.includes(created.datas.commissionNo))).toEqual([]);
    const listed = await call(APPRAISAL_ENDPOINTS.list, {}, user);
    expect(listed.datas.list.map((row: { id: number }) => row.id)).toEqual([created.datas.id]);
  });

  it("refuses what it cannot take, in Chinese, and makes nothing", async () => {
    const { user, evidenceId } = await applicantWithEvidence(t, mobile(), 0);
    const other = await applicantWithEvidence(t, mobile(), 0);
    const stopped = (await t.call(INSTITUTION_ENDPOINTS.create, { ...INSTITUTION_FORM, name: "暂停受理鉴定所", acceptsCommissions: false }, { token: operatorToken })).json().datas.id;
    const refusals = [
      [{ institutionId: stopped }, AppraisalCode.institutionUnavailable, APPRAISAL_MESSAGES.institutionUnavailable],
      [{ institutionId: 999_999 }, AppraisalCode.institutionUnavailable, APPRAISAL_MESSAGES.institutionUnavailable],
      [{ evidenceIds: [other.evidenceId] }, 1001, APPRAISAL_MESSAGES.evidenceNotYours],
      [{ evidenceIds: [] }, 1001, APPRAISAL_MESSAGES.noEvidence],
      [{ matters: "  " }, 1001, APPRAISAL_MESSAGES.mattersRequired],
      [{ contactMobile: "123" }, 1001, "请输入正确的手机号"],
    ] as const;
    for (const [change, code, message] of refusals) {
      expect(await call(APPRAISAL_ENDPOINTS.create, { ...commissionForm(alpha.id, [evidenceId]), ...change }, user)).toMatchObject({ code, message });
    }
    // A sub-account spends its main account's money, but commissions belong to the main account (305).
    const { encryptPassword } = await encryptorFor(t);
    const childAccount = mobile();
    await t.call(CHILD_ACCOUNT_ENDPOINTS.create, { account: childAccount, name: "法务专员", encryptPassword: encryptPassword("init1234") }, { token: user.token, ip: freshIp() });
    const childId = (await t.app.services.accounts.records.findByAccount(childAccount))!.id;
    await expect(t.app.services.judicialExpert.commissions.create(childId, { ...commissionForm(alpha.id, [evidenceId]), contactEmail: undefined })).rejects.toMatchObject({ code: 305, message: APPRAISAL_MESSAGES.subAccount });
    expect(await db().selectFrom("appraisal_commissions").selectAll().where("user_id", "in", [user.id, childId]).execute()).toEqual([]);
  });
});

describe("isolation", () => {
  it("an expert of another institution, an account of no institution and another applicant all get nothing", async () => {
    const { applicant, id, evidenceId } = await commissionAt([]);
    const foreign = expertOf(beta);
    for (const [endpoint, params] of [
      [EXPERT_ENDPOINTS.detail, { id }],
      [EXPERT_ENDPOINTS.quote, { id, feeFen: 100, expectedDays: 1 }],
      [EXPERT_ENDPOINTS.start, { id }],
      [EXPERT_ENDPOINTS.decline, { id, reason: "不受理" }],
      [EXPERT_ENDPOINTS.downloadEvidence, { commissionId: id, id: evidenceId, part: "file" }],
      [EXPERT_ENDPOINTS.createPackage, { commissionId: id, evidenceIds: [evidenceId] }],
      [EXPERT_ENDPOINTS.downloadOpinion, { id }],
    ] as const) {
      expect(await call(endpoint, params, foreign)).toMatchObject({ code: 404, message: APPRAISAL_MESSAGES.notFound });
      expect(await call(endpoint, params, outsider)).toMatchObject({ code: AppraisalCode.notExpert, message: APPRAISAL_MESSAGES.notExpert });
    }
    expect((await uploadOpinion(foreign, id)).json()).toMatchObject({ code: 404 });
    expect((await call(EXPERT_ENDPOINTS.list, {}, foreign)).datas.list.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await call(EXPERT_ENDPOINTS.list, {}, expertOf(alpha, 1))).datas.list.map((row: { id: number }) => row.id)).toContain(id);
    expect(await call(EXPERT_ENDPOINTS.profile, {}, outsider)).toMatchObject({ code: 200, datas: { isExpert: false, institution: null } });
    expect((await call(EXPERT_ENDPOINTS.profile, {}, foreign)).datas).toMatchObject({ isExpert: true, institution: { name: "乙司法鉴定所" }, expertName: "鉴定人1" });
    for (const [endpoint, params] of [
      [APPRAISAL_ENDPOINTS.detail, { id }],
      [APPRAISAL_ENDPOINTS.withdraw, { id }],
      [APPRAISAL_ENDPOINTS.downloadOpinion, { id }],
      [JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: id, feeFen: 1 }],
    ] as const) {
      expect(await call(endpoint, params, outsider)).toMatchObject({ code: 404, message: APPRAISAL_MESSAGES.notFound });
    }
    expect(await stateOf(id)).toBe("submitted");
    expect((await call(APPRAISAL_ENDPOINTS.detail, { id }, applicant)).code).toBe(200);
  });
});

describe("the edges", () => {
  it("refuses every illegal edge with the machine's message and changes nothing", async () => {
    const submitted = await commissionAt([]);
    const refuse = async (answer: { code: number; message: string }, message: string) => expect(answer).toMatchObject({ code: AppraisalCode.stateRefused, message });
    await refuse(await call(EXPERT_ENDPOINTS.start, { id: submitted.id }, submitted.expert), "鉴定委托当前状态为“已委托”，不能开始鉴定");
    await refuse(await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: submitted.id, feeFen: 50_000 }, submitted.applicant), "鉴定委托当前状态为“已委托”，不能支付鉴定费");
    await refuse((await uploadOpinion(submitted.expert, submitted.id)).json(), "鉴定委托当前状态为“已委托”，不能出具鉴定意见");
    expect(await stateOf(submitted.id)).toBe("submitted");

    const quoted = await commissionAt(["quote"]);
    await refuse(await call(EXPERT_ENDPOINTS.quote, { id: quoted.id, feeFen: 1, expectedDays: 1 }, quoted.expert), "鉴定委托当前状态为“已报价”，不能报价");
    await refuse(await call(EXPERT_ENDPOINTS.start, { id: quoted.id }, quoted.expert), "鉴定委托当前状态为“已报价”，不能开始鉴定");

    const paid = await commissionAt(["quote", "pay"]);
    await refuse(await call(APPRAISAL_ENDPOINTS.withdraw, { id: paid.id }, paid.applicant), "鉴定委托当前状态为“已付费”，不能撤回委托");
    await refuse(await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: paid.id, feeFen: 50_000 }, paid.applicant), "鉴定委托当前状态为“已付费”，不能支付鉴定费");
    await refuse((await uploadOpinion(paid.expert, paid.id)).json(), "鉴定委托当前状态为“已付费”，不能出具鉴定意见");
    // Paying twice moved the money once.
    expect(await balanceOf(paid.applicant.id)).toEqual({ availableFen: 50_000, reservedFen: 50_000 });
    expect(await stateOf(paid.id)).toBe("paid");

    const withdrawn = await commissionAt(["quote"]);
    expect((await call(APPRAISAL_ENDPOINTS.withdraw, { id: withdrawn.id, note: "已和解" }, withdrawn.applicant)).datas).toMatchObject({ state: "withdrawn", actions: [] });
    await refuse(await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: withdrawn.id, feeFen: 50_000 }, withdrawn.applicant), "鉴定委托当前状态为“委托方撤回”，不能支付鉴定费");
    await refuse(await call(EXPERT_ENDPOINTS.decline, { id: withdrawn.id, reason: "x" }, withdrawn.expert), "鉴定委托当前状态为“委托方撤回”，不能拒绝委托");
    expect((await outboxTo(withdrawn.expert.account)).at(-1)).toContain(`司法鉴定委托（编号${withdrawn.commissionNo}）已被委托方撤回`);
    // Evidence of a withdrawn commission is no longer the institution's to download.
    expect(await call(EXPERT_ENDPOINTS.downloadEvidence, { commissionId: withdrawn.id, id: withdrawn.evidenceId, part: "file" }, withdrawn.expert)).toMatchObject({ code: AppraisalCode.stateRefused });
    expect(await balanceOf(withdrawn.applicant.id)).toEqual({ availableFen: 100_000, reservedFen: 0 });
  });

  it("quotes with a fee and days, tells the applicant, and refuses a quote out of bounds or a decline without a reason", async () => {
    const { applicant, id, expert, commissionNo } = await commissionAt([]);
    for (const quote of [{ feeFen: 0, expectedDays: 5 }, { feeFen: 100, expectedDays: 0 }, { feeFen: 100, expectedDays: 366 }, { feeFen: 1.5, expectedDays: 5 }]) {
      expect((await call(EXPERT_ENDPOINTS.quote, { id, ...quote }, expert)).code).toBe(1001);
    }
    expect(await call(EXPERT_ENDPOINTS.decline, { id, reason: " " }, expert)).toMatchObject({ code: 1001, message: APPRAISAL_MESSAGES.reasonRequired });
    const quoted = await call(EXPERT_ENDPOINTS.quote, { id, feeFen: 120_050, expectedDays: 20, note: "含现场勘验" }, expert);
    expect(quoted.datas).toMatchObject({ state: "quoted", feeFen: 120_050, expectedDays: 20, actions: ["decline"] });
    expect(quoted.datas.events.at(-1)).toMatchObject({ action: "quote", fromState: "submitted", toState: "quoted", actor: "expert", actorName: "鉴定人 鉴定人1", note: "含现场勘验" });
    expect((await outboxTo(applicant.account)).at(-1)).toContain(`您的司法鉴定委托（编号${commissionNo}）已报价：鉴定费 1,200.5 元，预计 20 天完成`);
    expect((await call(APPRAISAL_ENDPOINTS.detail, { id }, applicant)).datas.actions).toEqual(["pay", "withdraw"]);
  });
});

describe("the fee", () => {
  it("is refused when the balance is short, or when the confirmed amount is not the quote, and nothing moves", async () => {
    const short = await commissionAt(["quote"], 49_999);
    expect(await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: short.id, feeFen: 50_000 }, short.applicant)).toMatchObject({ code: 301, message: INSUFFICIENT_BALANCE_MESSAGE });
    expect(await stateOf(short.id)).toBe("quoted");
    expect(await balanceOf(short.applicant.id)).toEqual({ availableFen: 49_999, reservedFen: 0 });
    expect(await call(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee, { commissionId: short.id, feeFen: 40_000 }, short.applicant)).toMatchObject({ code: 1001 });
    expect(await db().selectFrom("money_reservations").selectAll().where("user_id", "=", short.applicant.id).execute()).toEqual([]);
  });

  it("is held on payment and handed back on a decline, and the applicant is told", async () => {
    const { applicant, id, expert, commissionNo } = await commissionAt(["quote", "pay"]);
    expect(await balanceOf(applicant.id)).toEqual({ availableFen: 50_000, reservedFen: 50_000 });
    expect((await outboxTo(expert.account)).at(-1)).toContain("委托方已支付鉴定费，可以开始鉴定");
    const declined = await call(EXPERT_ENDPOINTS.decline, { id, reason: "超出本所业务范围" }, expert);
    expect(declined.datas).toMatchObject({ state: "declined", declineReason: "超出本所业务范围", actions: [] });
    expect(await balanceOf(applicant.id)).toEqual({ availableFen: 100_000, reservedFen: 0 });
    const reservation = await db().selectFrom("money_reservations").selectAll().where("reference", "=", commissionNo).executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({ service: "appraisal", state: "released", user_id: applicant.id });
    expect((await outboxTo(applicant.account)).at(-1)).toContain("未被鉴定机构受理，理由：超出本所业务范围。已支付的鉴定费已退回账户余额。");
  });

  it("is settled when the opinion is issued", async () => {
    const { applicant, id, expert, commissionNo } = await commissionAt(["quote", "pay", "start"]);
    expect((await uploadOpinion(expert, id)).json().code).toBe(200);
    expect(await balanceOf(applicant.id)).toEqual({ availableFen: 50_000, reservedFen: 0 });
    expect(await db().selectFrom("money_reservations").select("state").where("reference", "=", commissionNo).executeTakeFirstOrThrow()).toEqual({ state: "settled" });
  });
});

describe("the opinion", () => {
  it("takes only a PDF, stores it as appraisalOpinion evidence of the applicant with its certificate, and completes the commission", async () => {
    const { applicant, id, expert, commissionNo } = await commissionAt(["quote", "pay", "start"]);
    expect((await uploadOpinion(expert, id, Buffer.from("not a pdf"), "意见.pdf")).json()).toMatchObject({ code: 1001, message: APPRAISAL_MESSAGES.opinionNotPdf });
    expect((await uploadOpinion(expert, id, OPINION, "意见.docx")).json()).toMatchObject({ code: 1001, message: APPRAISAL_MESSAGES.opinionNotPdf });
    expect((await postMultipart(t, webapiPath(EXPERT_ENDPOINTS.uploadOpinion), { id: String(id) }, { token: expert.token })).json()).toMatchObject({ code: 1001, message: APPRAISAL_MESSAGES.opinionMissing });
    expect(await stateOf(id)).toBe("inProgress");

    const completed = (await uploadOpinion(expert, id)).json();
    expect(completed.code).toBe(200);
    expect(completed.datas).toMatchObject({ state: "completed", actions: [], opinion: { fileName: "鉴定意见书.pdf", size: OPINION.length } });
    const opinion = completed.datas.opinion;
    const record = (await t.app.services.evidence.findByCertificateNo(opinion.certificateNo))!;
    expect(record).toMatchObject({ kind: "appraisalOpinion", status: "stored", holderUserId: applicant.id, size: OPINION.length, id: opinion.evidenceId });
    expect(record.ledgerIndex).not.toBeNull();
    expect(opinion.ledgerIndex).toBe(record.ledgerIndex);
    expect(t.app.services.evidence.metaFacts(record).details).toMatchObject({ commissionNo, institution: "甲司法鉴定所", expert: "鉴定人 鉴定人1" });
    expect((await outboxTo(applicant.account)).at(-1)).toContain("鉴定意见书已出具并存证");

    // The applicant and the institution download the same bytes; the opinion has its own certificate PDF.
    for (const [endpoint, user] of [
      [APPRAISAL_ENDPOINTS.downloadOpinion, applicant],
      [EXPERT_ENDPOINTS.downloadOpinion, expertOf(alpha, 1)],
    ] as const) {
      const response = await t.call(endpoint, { id }, { token: user.token });
      expect(response.headers["content-type"]).toContain("application/pdf");
      expect(response.rawPayload.equals(OPINION)).toBe(true);
    }
    const certificate = await t.call(EVIDENCE_LIBRARY_ENDPOINTS.downloadItem, { id: opinion.evidenceId, part: "certificate" }, { token: applicant.token });
    expect(certificate.headers["content-type"]).toContain("application/pdf");
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A second upload finds the commission completed.
    expect((await uploadOpinion(expert, id)).json()).toMatchObject({ code: AppraisalCode.stateRefused, message: "鉴定委托当前状态为“已出具意见”，不能出具鉴定意见" });
    expect(await db().selectFrom("evidence_records").select("id").where("kind", "=", "appraisalOpinion").where("holder_user_id", "=", applicant.id).execute()).toHaveLength(1);
  });

  it("an opinion recorded by a process that died before storing it is stored and the commission completed at the next start", async () => {
    const { applicant, id, expert } = await commissionAt(["quote", "pay", "start"]);
    const sha256 = await t.app.services.blobs.put(OPINION);
    const certificateNo = t.app.services.evidence.newCertificateNo();
    await db()
      .updateTable("appraisal_commissions")
      .set({ opinion_certificate_no: certificateNo, opinion_file_name: "中断的意见书.pdf", opinion_size: OPINION.length, opinion_sha256: sha256, opinion_sm3: "0".repeat(64), opinion_expert_id: expert.id })
      .where("id", "=", id)
      .execute();
    t = await restartTestApp(t, { seedDemo: false });
    expect(await stateOf(id)).toBe("completed");
    const detail = await call(APPRAISAL_ENDPOINTS.detail, { id }, applicant);
    expect(detail.datas.opinion).toMatchObject({ certificateNo, fileName: "中断的意见书.pdf" });
    expect(detail.datas.events.at(-1)).toMatchObject({ action: "complete", actorName: "鉴定人 鉴定人1" });
    expect(await balanceOf(applicant.id)).toEqual({ availableFen: 50_000, reservedFen: 0 });
  });
});

describe("the institution's downloads", () => {
  it("serves each commissioned evidence's original, certificate and proof, and packs them with a manifest", async () => {
    const { id, evidenceId, expert } = await commissionAt(["quote"]);
    const original = await t.call(EXPERT_ENDPOINTS.downloadEvidence, { commissionId: id, id: evidenceId, part: "file" }, { token: expert.token });
    expect(original.rawPayload.toString("utf8")).toBe("第一行\n第二行");
    const certificate = await t.call(EXPERT_ENDPOINTS.downloadEvidence, { commissionId: id, id: evidenceId, part: "certificate" }, { token: expert.token });
    expect(certificate.headers["content-type"]).toContain("application/pdf");
    const proof = await t.call(EXPERT_ENDPOINTS.downloadEvidence, { commissionId: id, id: evidenceId, part: "proof" }, { token: expert.token });
    expect(proof.payload).toContain("hengzheng.local/evidence-log");
    // Another evidence of the same applicant is outside the commission.
    const detail = await call(EXPERT_ENDPOINTS.detail, { id }, expert);
    expect(detail.datas.evidence[0]).toMatchObject({ id: evidenceId, certificateNo: expect.stringMatching(/^HZ/), original: { fileName: "聊天记录.txt" } });
    expect(await call(EXPERT_ENDPOINTS.downloadEvidence, { commissionId: id, id: evidenceId + 10_000, part: "file" }, expert)).toMatchObject({ code: 404, message: APPRAISAL_MESSAGES.evidenceNotCommissioned });

    const started = await call(EXPERT_ENDPOINTS.createPackage, { commissionId: id, evidenceIds: [evidenceId] }, expert);
    expect(started.code).toBe(200);
    let status = started.datas;
    while (status.status === "packaging") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await call(EXPERT_ENDPOINTS.packageStatus, { jobId: status.jobId }, expert)).datas;
    }
    expect(status.status).toBe("ready");
    expect((await call(EXPERT_ENDPOINTS.packageStatus, { jobId: status.jobId }, expertOf(beta))).code).toBe(404);
    const zip = readZip((await t.call(EXPERT_ENDPOINTS.downloadPackage, { jobId: status.jobId }, { token: expert.token })).rawPayload);
    const names = [...zip.keys()];
    expect(names).toContain("manifest.json");
    expect(names.some((name) => name.endsWith(".tlog-proof"))).toBe(true);
    expect(names.some((name) => name.endsWith(".pdf"))).toBe(true);
  });
});
