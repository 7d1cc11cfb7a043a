import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { IDENTITY_REVIEW_ENDPOINTS, REVIEW_MESSAGES } from "../../src/schema/console/identity-review.js";
import { webapiPath } from "../../src/schema/contract.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { postMultipart } from "./support/multipart.js";
import { operatorTokenWithout, signInOperator } from "./support/operator.js";
import { freshIp, registerUser, userInfoOf, type RegisteredUser } from "./support/personal-users.js";
import { gradientPng } from "./support/png-image.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** Operators decide identity applications in the console (issue 13): list, one, decide, and what follows from a decision. */

const first17 = "11010119900307771";
const ID_NUMBER = first17 + nationalIdCheckChar(first17);
const LICENCE = gradientPng(40, 30);
const ENTERPRISE = { enterpriseName: "衡证电子数据科技有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" };

let t: TestApp;
let zhang: RegisteredUser;
let wang: RegisteredUser;
let reviewer: { token: string; id: number; account: string };
let personId: number;
let organisationId: number;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  zhang = await registerUser(t, "13710000001");
  wang = await registerUser(t, "wang.review@example.com");
  reviewer = await signInOperator(t, { roles: ["identityReviewer"] });
  expect((await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "张三", idNumber: ID_NUMBER }, { token: zhang.token })).json().code).toBe(200);
  personId = await pendingId("person", zhang);
  t.clock.advance(60_000);
  const files = [{ name: "licenceImage", filename: "licence.png", contentType: "image/png", content: LICENCE }];
  const submitted = (await postMultipart(t, webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), ENTERPRISE, { token: wang.token, files, ip: freshIp() })).json();
  organisationId = submitted.datas.applicationId;
});
afterAll(async () => t.close());

const list = (params: Record<string, unknown> = {}, token = reviewer.token) => t.call(IDENTITY_REVIEW_ENDPOINTS.list, params, { token });
const one = (kind: string, id: number, token = reviewer.token) => t.call(IDENTITY_REVIEW_ENDPOINTS.one, { kind, id }, { token });
const decide = (params: Record<string, unknown>, token = reviewer.token) => t.call(IDENTITY_REVIEW_ENDPOINTS.decide, params, { token });
const listed = async (params: Record<string, unknown> = {}) => (await list(params)).json().datas.list as { kind: string; id: number; [field: string]: unknown }[];

async function pendingId(kind: string, user: RegisteredUser): Promise<number> {
  const rows = (await list({ kind, keyword: user.account })).json().datas.list;
  return rows.at(-1).id;
}

const outboxFor = async (to: string) => (await t.call(DEV_ENDPOINTS.outbox, { to })).json().datas.list as { channel: string; subject: string; text: string }[];
const auditRowsOf = (targetId: string) => t.app.database.db.selectFrom("operator_audit").selectAll().where("target_id", "=", targetId).orderBy("id").execute();

describe("the review list", () => {
  it("lists pending applications of both kinds by default, oldest first, an ID number masked", async () => {
    const rows = await listed();
    expect(rows.map((row) => `${row.kind}-${row.id}`)).toEqual([`person-${personId}`, `organisation-${organisationId}`]);
    expect(rows[0]).toMatchObject({ account: "13710000001", subjectName: "张三", certificateNumber: `1101**********${ID_NUMBER.slice(-4)}`, status: "pending", checkOutcome: "unavailable", decidedBy: null });
    expect(rows[1]).toMatchObject({ account: "wang.review@example.com", subjectName: ENTERPRISE.enterpriseName, certificateNumber: ENTERPRISE.certificateNumber, status: "pending" });
    expect(JSON.stringify(rows)).not.toContain(ID_NUMBER);
    expect((await list()).json().datas).toMatchObject({ pageNumber: 1, pageSize: 10, totalRow: 2, totalPage: 1 });
  });

  it.each([
    [{ kind: "organisation" }, ["organisation"]],
    [{ keyword: "13710000001" }, ["person"]],
    [{ keyword: "WANG.review@example.com" }, ["organisation"]],
    [{ keyword: "张" }, ["person"]],
    [{ keyword: "电子数据" }, ["organisation"]],
    [{ keyword: "ma01abc" }, ["organisation"]],
    [{ keyword: ID_NUMBER.toLowerCase() }, ["person"]],
    // An ID number is found only whole: the list must not help anyone guess one.
    [{ keyword: ID_NUMBER.slice(0, 10) }, []],
    [{ keyword: "100%_" }, []],
    [{ startTime: "2026-11-22", endTime: "2026-11-22" }, ["person", "organisation"]],
    [{ startTime: "2026-11-23", endTime: "2026-11-30" }, []],
    [{ status: "approved" }, []],
  ])("filters by %j", async (params, kinds) => {
    expect((await listed(params)).map((row) => row.kind)).toEqual(kinds);
  });

  it.each([
    [{ status: "all" }, "status", "审核状态只能是待审核、已通过或已驳回"],
    [{ kind: "robot" }, "kind", "认证类型只能是个人实名认证或企业认证"],
    [{ startTime: "2026-11-23", endTime: "2026-11-22" }, "startTime", "开始时间不能晚于结束时间"],
  ])("refuses %j with its message", async (params, field, message) => {
    expect((await list(params)).json()).toMatchObject({ code: 1001, extraData: { errors: { [field]: message } } });
  });
});

describe("one application", () => {
  it("shows a person's application whole to the reviewer, with the vendor check and the customer, and never logs the ID number", async () => {
    const response = (await one("person", personId)).json();
    expect(response).toMatchObject({
      code: 200,
      datas: {
        key: `person-${personId}`,
        status: "pending",
        account: "13710000001",
        displayName: "13710000001",
        mobile: "13710000001",
        realName: "张三",
        idNumber: ID_NUMBER,
        enterpriseName: null,
        licenceImage: null,
        check: { provider: "development", outcome: "unavailable", note: expect.stringContaining("开发环境") },
        history: [{ id: personId, isCurrent: true, status: "pending", rejectReason: null }],
      },
    });
    await list({ keyword: ID_NUMBER });
    expect(t.logs.join("\n")).not.toContain(ID_NUMBER);
  });

  it("shows an organisation's application with its licence photo", async () => {
    const datas = (await one("organisation", organisationId)).json().datas;
    expect(datas).toMatchObject({
      enterpriseName: ENTERPRISE.enterpriseName,
      institutionType: "普通企业",
      certificateKind: "营业执照（统一社会信用代码）",
      certificateNumber: ENTERPRISE.certificateNumber,
      licenceImage: `data:image/png;base64,${LICENCE.toString("base64")}`,
      mail: "wang.review@example.com",
      realName: null,
      idNumber: null,
    });
  });

  it("answers 404 for an application that does not exist, and for the other kind's number", async () => {
    expect((await one("person", 999_999)).json()).toMatchObject({ code: 404, message: REVIEW_MESSAGES.notFound });
    expect((await one("organisation", personId + organisationId + 100)).json().code).toBe(404);
  });
});

describe("deciding", () => {
  it.each([
    [{}, REVIEW_MESSAGES.reasonRequired],
    [{ reason: "   " }, REVIEW_MESSAGES.reasonRequired],
    [{ reason: "差" }, REVIEW_MESSAGES.reasonTooShort],
    [{ reason: "长".repeat(201) }, REVIEW_MESSAGES.reasonTooLong],
  ])("refuses a rejection with %j as its reason, and changes nothing", async (reason, message) => {
    const response = (await decide({ kind: "person", id: personId, decision: "reject", ...reason })).json();
    expect(response).toMatchObject({ code: 1001, extraData: { errors: { reason: message } } });
    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(1);
    expect(await auditRowsOf(`person-${personId}`)).toEqual([]);
  });

  it("rejects with a reason: the customer sees 未通过 and the reason at once, is told by SMS, and the action is audited and on the ledger", async () => {
    const reason = "身份证号码与姓名不一致，请核对后重新提交";
    const response = (await decide({ kind: "person", id: personId, decision: "reject", reason })).json();
    expect(response).toMatchObject({ code: 200, datas: { status: "rejected", decidedBy: reviewer.account, decideTime: expect.any(String) } });

    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(3);
    expect((await t.call(PERSONAL_ENDPOINTS.getRealNameInfo, {}, { token: zhang.token })).json().datas).toMatchObject({ status: 3, rejectReason: reason });
    expect((await t.call(PERSONAL_ENDPOINTS.isRealName, { uid: zhang.id }, { token: zhang.token })).json().code).toBe(3022);

    const [sms] = await outboxFor("13710000001");
    expect(sms).toMatchObject({ channel: "sms" });
    expect(sms.text).toContain("个人实名认证（张三）未通过审核");
    expect(sms.text).toContain(reason);

    const [audit] = await auditRowsOf(`person-${personId}`);
    expect(audit).toMatchObject({ operator_id: reviewer.id, operator_account: reviewer.account, action: "identity.reject", target_type: "identityApplication", reason });
    expect(JSON.parse(audit.before_json!)).toEqual({ status: "pending" });
    expect(JSON.parse(audit.after_json!)).toEqual({ status: "rejected" });
    expect(JSON.stringify(audit)).not.toContain(ID_NUMBER);
    const entry = parseOperatorActionEntry(Buffer.from((await t.app.services.ledger.entry(Number(audit.ledger_index)))!).toString("utf8"));
    expect(entry).toMatchObject({ kind: "operatorAction", action: "identity.reject", auditId: audit.id });
  });

  it("refuses to decide an application twice, and records nothing more", async () => {
    const again = (await decide({ kind: "person", id: personId, decision: "approve" })).json();
    expect(again).toMatchObject({ code: 1001, message: REVIEW_MESSAGES.alreadyDecided });
    expect(await auditRowsOf(`person-${personId}`)).toHaveLength(1);
    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(3);
  });

  it("approves: the enterprise becomes 已认证 with its name, the customer is told by e-mail, the action is audited", async () => {
    const response = (await decide({ kind: "organisation", id: organisationId, decision: "approve" })).json();
    expect(response).toMatchObject({ code: 200, datas: { status: "approved", decidedBy: reviewer.account } });
    expect(await userInfoOf(t, wang)).toMatchObject({ enterpriseStatus: 2, enterpriseName: ENTERPRISE.enterpriseName });
    expect((await t.call(PERSONAL_ENDPOINTS.getEnterpriseInfo, {}, { token: wang.token })).json().datas).toMatchObject({ status: 2, decideTime: expect.any(String) });

    const [mail] = await outboxFor("wang.review@example.com");
    expect(mail).toMatchObject({ channel: "email", subject: "衡证：您的企业认证已通过审核" });
    expect(mail.text).toContain(`企业认证（${ENTERPRISE.enterpriseName}）已通过审核`);

    const [audit] = await auditRowsOf(`organisation-${organisationId}`);
    expect(audit).toMatchObject({ action: "identity.approve", operator_id: reviewer.id, reason: null });
    expect(audit.ledger_index).not.toBeNull();
    expect((await listed({ status: "approved" })).map((row) => row.id)).toEqual([organisationId]);
  });

  it("shows the earlier decision in the history of the customer's next application", async () => {
    t.clock.advance(60_000);
    await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "张三", idNumber: ID_NUMBER }, { token: zhang.token });
    const next = await pendingId("person", zhang);
    const { history } = (await one("person", next)).json().datas;
    expect(history).toMatchObject([
      { id: personId, isCurrent: false, status: "rejected", rejectReason: "身份证号码与姓名不一致，请核对后重新提交", decidedBy: reviewer.account, decideTime: expect.any(String) },
      { id: next, isCurrent: true, status: "pending", decidedBy: null },
    ]);
    expect(await listed({ status: "rejected" })).toMatchObject([{ id: personId, decidedBy: reviewer.account }]);
  });
});

describe("who may review", () => {
  it("refuses an operator whose roles do not grant identity.review, and a customer's token", async () => {
    const token = await operatorTokenWithout(t, "identity.review");
    expect((await list({}, token)).json().code).toBe(ConsoleCode.forbidden);
    expect((await decide({ kind: "person", id: personId, decision: "approve" }, token)).json().code).toBe(ConsoleCode.forbidden);
    expect((await list({}, zhang.token)).json().code).not.toBe(200);
    expect((await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: zhang.id }, { token: zhang.token })).json().code).toBe(200);
  });
});
