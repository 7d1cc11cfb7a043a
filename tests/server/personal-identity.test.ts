import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { IDENTITY_REVIEW_ENDPOINTS } from "../../src/schema/console/identity-review.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { decideInConsole, pendingApplicationOf, signInReviewer } from "./support/identity-review.js";
import { postMultipart } from "./support/multipart.js";
import { createOperator } from "./support/operator.js";
import { freshIp, registerUser, userInfoOf, type RegisteredUser } from "./support/personal-users.js";
import { gradientPng } from "./support/png-image.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** A national ID with a correct check character (GB 11643). */
const nationalId = (first17: string) => first17 + nationalIdCheckChar(first17);
const ID_NUMBER = nationalId("11010119900307771");

let t: TestApp;
let zhang: RegisteredUser;
let li: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  zhang = await registerUser(t, "13700000001");
  li = await registerUser(t, "13700000002");
});
afterAll(async () => t.close());

const isRealName = (user: RegisteredUser, uid = user.id) => t.call(PERSONAL_ENDPOINTS.isRealName, { uid }, { token: user.token });
const submitRealName = (user: RegisteredUser, body: Record<string, unknown>) => t.call(PERSONAL_ENDPOINTS.submitRealName, body, { token: user.token });
const realNameInfo = (user: RegisteredUser) => t.call(PERSONAL_ENDPOINTS.getRealNameInfo, {}, { token: user.token });

describe("real-name verification", () => {
  it("isRealName answers 3020 before anything is submitted", async () => {
    expect((await isRealName(zhang)).json()).toMatchObject({ code: 3020, message: "您尚未完成实名认证，请先完成实名认证" });
  });

  it.each([
    [{ realName: "", idNumber: ID_NUMBER }, "realName", "请输入真实姓名"],
    [{ realName: "Zhang San", idNumber: ID_NUMBER }, "realName", "请输入正确的真实姓名"],
    [{ realName: "张三", idNumber: "" }, "idNumber", "请输入身份证号码"],
    [{ realName: "张三", idNumber: "110101199003077710" === ID_NUMBER ? "110101199003077711" : "110101199003077710" }, "idNumber", "请输入正确的身份证号码"],
    [{ realName: "张三", idNumber: "110101199002307718" }, "idNumber", "请输入正确的身份证号码"],
  ])("refuses %j with its message and changes nothing", async (body, field, message) => {
    const response = (await submitRealName(zhang, body)).json();
    expect(response).toMatchObject({ code: 1001, extraData: { errors: { [field]: message } } });
    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(0);
  });

  it("puts a submission under review (1), mirrored into getUserInfo, with the ID number masked", async () => {
    const response = (await submitRealName(zhang, { realName: "张三", idNumber: ID_NUMBER.toLowerCase() })).json();
    expect(response).toMatchObject({ code: 200, datas: { status: 1, realName: "张三", idNumberMasked: `1101**********${ID_NUMBER.slice(-4)}` } });
    expect(JSON.stringify(response)).not.toContain(ID_NUMBER);
    expect(await userInfoOf(t, zhang)).toMatchObject({ realNameStatus: 1, userRealName: null });
    expect((await isRealName(zhang)).json()).toMatchObject({ code: 3021 });
    expect(JSON.stringify((await realNameInfo(zhang)).json())).not.toContain(ID_NUMBER);
  });

  it("refuses a second submission while the first waits (3021)", async () => {
    expect((await submitRealName(zhang, { realName: "张三", idNumber: ID_NUMBER })).json()).toMatchObject({
      code: 3021,
      message: "认证信息正在审核中，请耐心等待",
    });
  });

  it("is never decided by the development provider itself: it records that it checked nothing, and the application waits for a reviewer", async () => {
    t.clock.advance(20 * 60 * 1000);
    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(1);
    const token = await signInReviewer(t);
    const { kind, id } = await pendingApplicationOf(t, token, "13700000001");
    const application = (await t.call(IDENTITY_REVIEW_ENDPOINTS.one, { kind, id }, { token })).json().datas;
    expect(application).toMatchObject({ status: "pending", realName: "张三", idNumber: ID_NUMBER, check: { provider: "development", outcome: "unavailable" } });
    expect(application.check.note).toContain("开发环境");
  });

  it("approved by a reviewer: status 2, the real name in getUserInfo, isRealName 200, no resubmission", async () => {
    expect((await decideInConsole(t, "13700000001", "approve")).json()).toMatchObject({ code: 200, datas: { status: "approved" } });
    expect(await userInfoOf(t, zhang)).toMatchObject({ realNameStatus: 2, userRealName: "张三" });
    expect((await isRealName(zhang)).json()).toMatchObject({ code: 200, message: "已完成实名认证" });
    expect((await realNameInfo(zhang)).json().datas).toMatchObject({ status: 2, decideTime: expect.any(String) });
    expect((await submitRealName(zhang, { realName: "张三", idNumber: ID_NUMBER })).json().code).toBe(3023);
  });

  it("rejected by a reviewer with a reason: status 3, isRealName 3022, and a new submission is allowed", async () => {
    await submitRealName(li, { realName: "李四", idNumber: nationalId("44030519850101123") });
    await decideInConsole(t, "13700000002", "reject", "姓名与证件不符");
    expect((await userInfoOf(t, li)).realNameStatus).toBe(3);
    expect((await isRealName(li)).json()).toMatchObject({ code: 3022 });
    expect((await realNameInfo(li)).json().datas).toMatchObject({ status: 3, rejectReason: "姓名与证件不符" });
    expect((await submitRealName(li, { realName: "李四", idNumber: nationalId("44030519850101124") })).json().datas.status).toBe(1);
  });

  it("decides an application only once", async () => {
    const token = await signInReviewer(t);
    const { kind, id } = await pendingApplicationOf(t, token, "13700000002");
    const decide = () => t.call(IDENTITY_REVIEW_ENDPOINTS.decide, { kind, id, decision: "approve" }, { token });
    expect((await decide()).json().code).toBe(200);
    expect((await decide()).json()).toMatchObject({ code: 1001, message: "该申请已处理，不能重复审核" });
  });

  it("isRealName refuses another user's uid", async () => {
    expect((await isRealName(li, zhang.id)).json()).toMatchObject({ code: 1001, message: "用户信息与当前登录不一致" });
  });
});

describe("enterprise verification", () => {
  const fields = { enterpriseName: "衡证电子数据科技有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" };
  const licence = (content = gradientPng(40, 30), filename = "licence.png") => [{ name: "licenceImage", filename, contentType: "image/png", content }];
  // Each from its own address: the route allows 10 submissions a minute per address.
  const submit = (user: RegisteredUser, body: Record<string, string>, files = licence()) =>
    postMultipart(t, webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), body, { token: user.token, files, ip: freshIp() });

  it.each([
    [{ enterpriseName: "衡证" }, "enterpriseName", "请输入正确的企业名称"],
    [{ institutionType: "6" }, "institutionType", "请选择机构类型"],
    [{ certificateNumber: "91110108MA01ABCDE" }, "certificateNumber", "请输入正确的营业执照号码"],
    [{ certificateKind: "organisationCode", certificateNumber: "12345678/9" }, "certificateNumber", "请输入正确的组织机构代码"],
    [{ certificateKind: "passport" }, "certificateKind", "请选择证件类型"],
  ])("refuses %j with its message", async (change, field, message) => {
    const response = (await submit(zhang, { ...fields, ...change })).json();
    expect(response.code).toBe(1001);
    expect(response.extraData.errors[field]).toBe(message);
    expect((await userInfoOf(t, zhang)).enterpriseStatus).toBe(0);
  });

  it.each([
    ["no image", [], "请上传营业执照或组织机构代码证照片"],
    ["a GIF", licence(Buffer.from("GIF89a......"), "licence.gif"), "选择的文件格式不正确"],
    ["text named .png", licence(Buffer.from("not an image"), "licence.png"), "选择的文件格式不正确"],
    ["an image over 2 MB", licence(Buffer.concat([gradientPng(2, 2), Buffer.alloc(2 * 1024 * 1024)])), "文件大小超过2M"],
  ])("refuses %s as the licence photo", async (_case, files, message) => {
    const response = (await submit(zhang, fields, files)).json();
    expect(response).toMatchObject({ code: 1001, message, extraData: { errors: { licenceImage: message } } });
  });

  it("keeps the application under review with the licence photo, visible to its owner only", async () => {
    const response = (await submit(zhang, fields)).json();
    expect(response).toMatchObject({ code: 200, datas: { status: 1, enterpriseName: fields.enterpriseName, institutionType: 1, certificateKind: "businessLicence" } });
    expect((await userInfoOf(t, zhang)).enterpriseStatus).toBe(1);
    const applicationId = response.datas.applicationId;

    const own = (await t.call(PERSONAL_ENDPOINTS.getLicenceImage, { applicationId }, { token: zhang.token })).json();
    expect(own.datas.imageBase64).toBe(`data:image/png;base64,${gradientPng(40, 30).toString("base64")}`);
    const foreign = (await t.call(PERSONAL_ENDPOINTS.getLicenceImage, { applicationId }, { token: li.token })).json();
    expect(foreign).toMatchObject({ code: 404, message: "认证申请不存在", datas: null });
    expect((await t.call(PERSONAL_ENDPOINTS.getEnterpriseInfo, {}, { token: li.token })).json().datas).toMatchObject({ status: 0, applicationId: null });
  });

  it("approved: enterprise status 2 and the enterprise name in getUserInfo", async () => {
    expect((await decideInConsole(t, "13700000001", "approve")).json().code).toBe(200);
    expect(await userInfoOf(t, zhang)).toMatchObject({ enterpriseStatus: 2, enterpriseName: fields.enterpriseName, realNameStatus: 2 });
    expect((await submit(zhang, fields)).json().code).toBe(3023);
  });
});

describe("in production", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      seedDemo: false,
      env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525", SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms" },
    });
  });
  afterAll(async () => production?.close());

  it("takes a real-name submission without an automatic check (no 3024): it waits for a reviewer, who decides it", async () => {
    const now = production.clock.now();
    const user = await production.app.services.accounts.users.insert({ login_account: "13600000009", mobile: "13600000009", account_type: 1, status: "active", created_at: now, updated_at: now });
    const { token } = await production.app.services.sessions.create(String(user.id), "user");
    const response = (await production.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "王五", idNumber: ID_NUMBER }, { token })).json();
    expect(response).toMatchObject({ code: 200, datas: { status: 1, realName: "王五" } });

    // Production has no development captcha answer: the reviewer's session is opened directly, as the customer's above.
    const operator = await createOperator(production, { roles: ["identityReviewer"] });
    const { token: reviewer } = await production.app.services.sessions.create(String(operator.id), "operator");
    const { kind, id } = await pendingApplicationOf(production, reviewer, "13600000009");
    expect((await production.call(IDENTITY_REVIEW_ENDPOINTS.one, { kind, id }, { token: reviewer })).json().datas).toMatchObject({ check: null, status: "pending" });
    expect((await production.call(IDENTITY_REVIEW_ENDPOINTS.decide, { kind, id, decision: "approve" }, { token: reviewer })).json().code).toBe(200);
    expect((await production.call(PERSONAL_ENDPOINTS.getRealNameInfo, {}, { token })).json().datas).toMatchObject({ status: 2, realName: "王五" });
  });
});
