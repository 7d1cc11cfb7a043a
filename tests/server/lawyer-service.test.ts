import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ENDPOINTS } from "../../src/schema/console/audit.js";
import { CUSTOMER_LAWYER_ENDPOINTS, LAWYER_CONSOLE_MESSAGES } from "../../src/schema/console/lawyers.js";
import { webapiPath, type Endpoint } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { EVIDENCE_KIND_ENDPOINTS } from "../../src/schema/evidence.js";
import {
  CONSULTATION_MESSAGES,
  CONSULTATION_NOTICE_INTERVAL_MS,
  LAWYER_SERVICE_ENDPOINTS as LAWYER,
  LawyerServiceCode,
  type ConsultationDetail,
  type ConsultationMessage,
} from "../../src/schema/lawyer-service.js";
import { postMultipart, type FilePart } from "./support/multipart.js";
import { signInOperator } from "./support/operator.js";
import { registerUser, type RegisteredUser } from "./support/personal-users.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/**
 * The lawyer service through the real app on both databases (issue 17): an operator marks a
 * real-name verified account as a lawyer (audited), a user consults them about stored evidence,
 * messages and attachments go both ways with read state and throttled notices, the lawyer closes
 * the thread with a summary, and nobody else can see it.
 */

let t: TestApp;
let asker: RegisteredUser;
let lawyer: RegisteredUser;
let outsider: RegisteredUser;
let unverified: RegisteredUser;
let admin: string;
let threadId: number;
let evidence: { id: number; certificateNo: string; sha256: string };

const LICENCE = "13301202611000777";
const PROFILE = { displayName: "王律师", lawFirm: "杭州衡证律师事务所", practiceAreas: ["internetInfringement", "contract"], licenceNo: LICENCE, reason: "执业证已核验" };
const PDF: FilePart = { name: "files", filename: "补充说明.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4\n% lawyer attachment\n%%EOF\n") };

const call = async (endpoint: Pick<Endpoint, "method" | "path">, params: Record<string, unknown>, user: RegisteredUser | string) =>
  (await t.call(endpoint, params, { token: typeof user === "string" ? user : user.token })).json();
const post = (user: RegisteredUser, fields: Record<string, string>, files: FilePart[] = []) => postMultipart(t, webapiPath(LAWYER.post), fields, { token: user.token, files });
const detailOf = async (user: RegisteredUser, id = threadId): Promise<ConsultationDetail> => (await call(LAWYER.detail, { id }, user)).datas;
/** The lawyer service's notices in the development outbox (its registration code left out). */
const outboxOf = async (to: string) => ((await t.call(DEV_ENDPOINTS.outbox, { to })).json().datas.list as { text: string }[]).filter((item) => item.text.includes("律师咨询"));
const auditOf = async (action: string, userId: number) => (await call(AUDIT_ENDPOINTS.list, { action, targetType: "customer", targetId: String(userId) }, admin)).datas.list;
const verify = (user: RegisteredUser, name: string) => t.database.handle.db.updateTable("users").set({ real_name_status: 2, real_name: name }).where("id", "=", user.id).execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [asker, lawyer, outsider, unverified] = [await registerUser(t, "13770000001"), await registerUser(t, "13770000002"), await registerUser(t, "13770000003"), await registerUser(t, "13770000004")];
  // What an operator's approval of the real-name application leaves on the account.
  await verify(lawyer, "王某某");
  admin = (await signInOperator(t)).token;
  const stored = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "聊天记录", content: "对方承认侵权" }, asker);
  evidence = { id: stored.datas.id, certificateNo: stored.datas.certificateNo, sha256: stored.datas.sha256 };
});
afterAll(async () => {
  await t?.close();
});

describe("marking lawyers in the console", () => {
  it("refuses an account without real-name verification, and an operator without lawyers.manage", async () => {
    expect((await call(CUSTOMER_LAWYER_ENDPOINTS.detail, { id: unverified.id }, admin)).datas).toMatchObject({ isEligible: false, ineligibleReason: LAWYER_CONSOLE_MESSAGES.notVerified, isLawyer: false, profile: null });
    expect(await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: unverified.id, ...PROFILE }, admin)).toMatchObject({ code: 1001, message: LAWYER_CONSOLE_MESSAGES.notVerified });
    const finance = (await signInOperator(t, { roles: ["finance"] })).token;
    expect((await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: lawyer.id, ...PROFILE }, finance)).code).toBe(3100);
    expect(await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: lawyer.id, ...PROFILE, licenceNo: "12345" }, admin)).toMatchObject({ code: 1001, extraData: { errors: { licenceNo: "执业证号为17位数字" } } });
    expect(await call(LAWYER.lawyers, {}, asker)).toMatchObject({ code: 200, datas: [] });
    expect(await auditOf("customer.markLawyer", unverified.id)).toEqual([]);
  });

  it("marks a verified account with its profile, and every change is in the audit trail", async () => {
    const marked = await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: lawyer.id, ...PROFILE }, admin);
    expect(marked).toMatchObject({ code: 200, datas: { isEligible: true, isLawyer: true, profile: { displayName: "王律师", lawFirm: "杭州衡证律师事务所", licenceNo: LICENCE, practiceAreas: ["internetInfringement", "contract"], isActive: true } } });
    const [record] = await auditOf("customer.markLawyer", lawyer.id);
    expect(record).toMatchObject({ action: "customer.markLawyer", reason: "执业证已核验" });

    const edited = await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: lawyer.id, ...PROFILE, lawFirm: "浙江衡证律师事务所", reason: "律师转所" }, admin);
    expect(edited.datas.profile.lawFirm).toBe("浙江衡证律师事务所");
    expect(await auditOf("customer.updateLawyer", lawyer.id)).toHaveLength(1);

    // One licence number, one lawyer.
    await verify(outsider, "赵某");
    expect(await call(CUSTOMER_LAWYER_ENDPOINTS.mark, { id: outsider.id, ...PROFILE }, admin)).toMatchObject({ code: 1001, extraData: { errors: { licenceNo: LAWYER_CONSOLE_MESSAGES.licenceTaken } } });
  });

  it("lets the lawyer write their introduction, and nobody else", async () => {
    expect(await call(LAWYER.saveIntroduction, { introduction: "专注网络侵权与电子证据。" }, lawyer)).toMatchObject({ code: 200, datas: { introduction: "专注网络侵权与电子证据。" } });
    expect(await call(LAWYER.saveIntroduction, { introduction: "冒充" }, asker)).toMatchObject({ code: LawyerServiceCode.notLawyer, message: CONSULTATION_MESSAGES.notLawyer });
    expect((await call(LAWYER.myProfile, {}, asker)).datas).toEqual({ profile: null });
    expect((await call(LAWYER.myProfile, {}, lawyer)).datas.profile).toMatchObject({ displayName: "王律师", isActive: true });
  });
});

describe("a consultation", () => {
  it("can only be with a marked lawyer other than oneself, about one's own stored evidence", async () => {
    const form = { title: "网店盗图维权", question: "对方盗用了我的商品图片，现有证据是否足够起诉？", evidenceIds: [evidence.id] };
    expect((await call(LAWYER.lawyers, {}, asker)).datas.map((one: { userId: number }) => one.userId)).toEqual([lawyer.id]);
    expect((await call(LAWYER.lawyers, {}, lawyer)).datas).toEqual([]);
    expect(await call(LAWYER.create, { ...form, lawyerId: outsider.id }, asker)).toMatchObject({ code: 1001, extraData: { errors: { lawyerId: CONSULTATION_MESSAGES.lawyerNotFound } } });
    expect(await call(LAWYER.create, { ...form, lawyerId: lawyer.id }, lawyer)).toMatchObject({ code: 1001, extraData: { errors: { lawyerId: CONSULTATION_MESSAGES.selfConsultation } } });
    const foreign = await call(EVIDENCE_KIND_ENDPOINTS.text.create, { name: "他人存证", content: "内容" }, outsider);
    expect(await call(LAWYER.create, { ...form, lawyerId: lawyer.id, evidenceIds: [foreign.datas.id] }, asker)).toMatchObject({ code: 1001, extraData: { errors: { evidenceIds: CONSULTATION_MESSAGES.evidenceNotYours } } });
    expect((await call(LAWYER.list, {}, asker)).datas.totalRow).toBe(0);
  });

  it("opens with the question, the linked evidence's certificate and digests, and tells the lawyer once", async () => {
    const form = { lawyerId: lawyer.id, title: "网店盗图维权", question: "对方盗用了我的商品图片，现有证据是否足够起诉？", evidenceIds: [evidence.id], requestKey: "create-0001" };
    const created = await call(LAWYER.create, form, asker);
    expect(created).toMatchObject({ code: 200, datas: { state: "open", side: "user", lawyerName: "王律师", evidenceCount: 1, unreadCount: 0, actions: ["post"] } });
    threadId = created.datas.id;
    expect(created.datas.evidence).toEqual([expect.objectContaining({ evidenceId: evidence.id, certificateNo: evidence.certificateNo, sha256: evidence.sha256, kind: "text", name: "聊天记录" })]);
    expect(created.datas.messages).toEqual([expect.objectContaining({ side: "user", text: form.question, isMine: true, isRead: false })]);
    // A retry of the same submission answers the same thread.
    expect((await call(LAWYER.create, form, asker)).datas.id).toBe(threadId);
    expect((await call(LAWYER.list, {}, asker)).datas.totalRow).toBe(1);
    const notices = await outboxOf(lawyer.account);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain("网店盗图维权");
    expect(notices[0].text).not.toContain("盗用");
  });

  it("carries messages both ways, with unread counts and read marks set on opening", async () => {
    const received = (await call(LAWYER.receivedList, {}, lawyer)).datas;
    expect(received).toMatchObject({ totalRow: 1, list: [{ id: threadId, side: "lawyer", unreadCount: 1, userName: "137****0001", state: "open" }] });
    const opened = await detailOf(lawyer);
    expect(opened.messages[0]).toMatchObject({ isMine: false, senderName: "137****0001" });
    expect(await call(LAWYER.markRead, { id: threadId, lastMessageId: opened.messages[0].id + 100 }, lawyer)).toMatchObject({ code: 200, datas: { unreadCount: 0 } });
    expect((await detailOf(asker)).messages[0].isRead).toBe(true);

    const reply = (await post(lawyer, { id: String(threadId), text: "证据基本充分，请补充购买记录。", requestKey: "reply-0001" }, [PDF])).json();
    expect(reply).toMatchObject({ code: 200, datas: { side: "lawyer", isMine: true, isRead: false, senderName: "王律师" } });
    const [attachment] = (reply.datas as ConsultationMessage).attachments;
    expect(attachment).toMatchObject({ fileName: "补充说明.pdf", size: PDF.content.length, sha256: createHash("sha256").update(PDF.content).digest("hex"), contentType: "application/pdf" });
    // The same message sent again is not written twice.
    expect((await post(lawyer, { id: String(threadId), text: "证据基本充分，请补充购买记录。", requestKey: "reply-0001" }, [PDF])).json().datas.id).toBe(reply.datas.id);

    expect((await call(LAWYER.list, {}, asker)).datas.list[0]).toMatchObject({ unreadCount: 1 });
    const download = await t.call(LAWYER.downloadAttachment, { id: attachment.id }, { token: asker.token });
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.rawPayload.equals(PDF.content)).toBe(true);

    const seen = await detailOf(asker);
    expect(seen.messages.map((message) => message.side)).toEqual(["user", "lawyer"]);
    await call(LAWYER.markRead, { id: threadId, lastMessageId: seen.messages[1].id }, asker);
    expect((await detailOf(lawyer)).messages[1].isRead).toBe(true);
    expect((await post(asker, { id: String(threadId), text: "好的，马上补充。" })).json()).toMatchObject({ code: 200, datas: { side: "user", attachments: [] } });
  });

  it("refuses empty messages and attachments outside the rule, storing nothing", async () => {
    const before = (await detailOf(asker)).messages.length;
    expect((await post(asker, { id: String(threadId), text: "  " })).json()).toMatchObject({ code: 1001, extraData: { errors: { text: CONSULTATION_MESSAGES.emptyMessage } } });
    const exe: FilePart = { name: "files", filename: "tool.exe", contentType: "application/octet-stream", content: Buffer.from("MZ") };
    expect((await post(asker, { id: String(threadId), text: "附件" }, [exe])).json()).toMatchObject({ code: 1001, message: "附件格式不正确（支持 PDF、图片和 Office 文档）" });
    const huge: FilePart = { ...PDF, filename: "扫描件.pdf", content: Buffer.alloc(20 * 1024 * 1024 + 1, 1) };
    expect((await post(asker, { id: String(threadId) }, [huge])).json()).toMatchObject({ code: 1001, message: "附件单个文件不能超过 20MB" });
    expect((await detailOf(asker)).messages).toHaveLength(before);
  });

  it("notifies the other party at most once per ten minutes per thread", async () => {
    const lawyerNotices = (await outboxOf(lawyer.account)).length;
    await post(asker, { id: String(threadId), text: "补充：对方店铺已下架。" });
    expect(await outboxOf(lawyer.account)).toHaveLength(lawyerNotices);
    t.clock.advance(CONSULTATION_NOTICE_INTERVAL_MS);
    await post(asker, { id: String(threadId), text: "还有一张截图。" });
    expect(await outboxOf(lawyer.account)).toHaveLength(lawyerNotices + 1);
    expect((await outboxOf(asker.account))[0].text).toContain("有新消息");
  });

  it("is closed by the lawyer with a summary the user then reads, and takes no more messages", async () => {
    expect(await call(LAWYER.close, { id: threadId, summary: "我来结束" }, asker)).toMatchObject({ code: LawyerServiceCode.wrongSide, message: CONSULTATION_MESSAGES.lawyerOnly });
    expect(await call(LAWYER.close, { id: threadId, summary: " " }, lawyer)).toMatchObject({ code: 1001, extraData: { errors: { summary: "请填写咨询总结" } } });
    expect((await call(LAWYER.close, { id: threadId, summary: "x".repeat(2001) }, lawyer)).code).toBe(1001);
    const summary = "证据链完整，建议补充购买记录后向互联网法院起诉。";
    const closed = await call(LAWYER.close, { id: threadId, summary }, lawyer);
    expect(closed).toMatchObject({ code: 200, datas: { state: "closed", summary, actions: [] } });
    expect(await detailOf(asker)).toMatchObject({ state: "closed", summary, actions: [] });
    for (const party of [asker, lawyer]) {
      expect((await post(party, { id: String(threadId), text: "还在吗？" })).json()).toMatchObject({ code: LawyerServiceCode.stateRefused, message: CONSULTATION_MESSAGES.closedNoPost });
    }
    // A retry of the close answers the closed thread; another summary is refused.
    expect((await call(LAWYER.close, { id: threadId, summary }, lawyer)).code).toBe(200);
    expect(await call(LAWYER.close, { id: threadId, summary: "另一份总结" }, lawyer)).toMatchObject({ code: LawyerServiceCode.stateRefused, message: CONSULTATION_MESSAGES.alreadyClosed });
    expect((await call(LAWYER.list, { state: "closed" }, asker)).datas.totalRow).toBe(1);
    expect((await call(LAWYER.list, { state: "open" }, asker)).datas.totalRow).toBe(0);
  });

  it("is nobody else's business: another account is answered as if it did not exist", async () => {
    const attachmentId = (await detailOf(asker)).messages[1].attachments[0].id;
    for (const [endpoint, params] of [
      [LAWYER.detail, { id: threadId }],
      [LAWYER.markRead, { id: threadId, lastMessageId: 1 }],
      [LAWYER.close, { id: threadId, summary: "越权" }],
    ] as const) {
      expect(await call(endpoint, params, outsider)).toMatchObject({ code: 404, message: CONSULTATION_MESSAGES.notFound });
    }
    expect((await post(outsider, { id: String(threadId), text: "越权" })).json()).toMatchObject({ code: 404, message: CONSULTATION_MESSAGES.notFound });
    expect((await t.call(LAWYER.downloadAttachment, { id: attachmentId }, { token: outsider.token })).json()).toMatchObject({ code: 404 });
    expect((await call(LAWYER.list, {}, outsider)).datas.totalRow).toBe(0);
    expect((await call(LAWYER.receivedList, {}, outsider)).code).toBe(LawyerServiceCode.notLawyer);
  });
});

describe("taking the mark away", () => {
  it("removes the lawyer from the choice and keeps their threads, audited", async () => {
    expect((await call(CUSTOMER_LAWYER_ENDPOINTS.unmark, { id: lawyer.id, reason: "律师申请注销" }, admin)).datas).toMatchObject({ isLawyer: false, profile: { isActive: false } });
    expect(await auditOf("customer.unmarkLawyer", lawyer.id)).toHaveLength(1);
    expect((await call(LAWYER.lawyers, {}, asker)).datas).toEqual([]);
    const form = { lawyerId: lawyer.id, title: "新的咨询", question: "还能咨询吗？" };
    expect(await call(LAWYER.create, form, asker)).toMatchObject({ code: 1001, extraData: { errors: { lawyerId: CONSULTATION_MESSAGES.lawyerNotFound } } });
    expect((await call(LAWYER.receivedList, {}, lawyer)).datas.totalRow).toBe(1);
    expect((await detailOf(lawyer)).summary).not.toBeNull();
    expect(await call(CUSTOMER_LAWYER_ENDPOINTS.unmark, { id: lawyer.id, reason: "再次取消" }, admin)).toMatchObject({ code: 1001, message: LAWYER_CONSOLE_MESSAGES.notMarked });
  });
});
