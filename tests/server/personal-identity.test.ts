import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { nationalIdCheckChar } from "../../src/schema/identity.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { decideOnDevPage } from "./support/dev-identity.js";
import { postMultipart } from "./support/multipart.js";
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

  it("is never decided by the development provider itself: the application waits on /dev/identity, ID masked there too", async () => {
    t.clock.advance(20 * 60 * 1000);
    expect((await userInfoOf(t, zhang)).realNameStatus).toBe(1);
    const page = await t.app.inject({ method: "GET", url: "/dev/identity" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("开发环境实名审核");
    expect(page.body).toContain("它不会自动核验任何身份");
    expect(page.body).toContain("13700000001");
    expect(page.body).toContain(">通过<");
    expect(page.body).toContain(">驳回<");
    expect(page.body).not.toContain(ID_NUMBER);
  });

  it("approved by the operator: status 2, the real name in getUserInfo, isRealName 200, no resubmission", async () => {
    const decided = await decideOnDevPage(t, "13700000001", "approve");
    expect(decided.statusCode).toBe(303);
    expect(decodeURIComponent(decided.headers.location as string)).toContain("已通过");
    expect(await userInfoOf(t, zhang)).toMatchObject({ realNameStatus: 2, userRealName: "张三" });
    expect((await isRealName(zhang)).json()).toMatchObject({ code: 200, message: "已完成实名认证" });
    expect((await realNameInfo(zhang)).json().datas).toMatchObject({ status: 2, decideTime: expect.any(String) });
    expect((await submitRealName(zhang, { realName: "张三", idNumber: ID_NUMBER })).json().code).toBe(3023);
  });

  it("rejected by the operator with a reason: status 3, isRealName 3022, and a new submission is allowed", async () => {
    await submitRealName(li, { realName: "李四", idNumber: nationalId("44030519850101123") });
    await decideOnDevPage(t, "13700000002", "reject", "姓名与证件不符");
    expect((await userInfoOf(t, li)).realNameStatus).toBe(3);
    expect((await isRealName(li)).json()).toMatchObject({ code: 3022 });
    expect((await realNameInfo(li)).json().datas).toMatchObject({ status: 3, rejectReason: "姓名与证件不符" });
    expect((await submitRealName(li, { realName: "李四", idNumber: nationalId("44030519850101124") })).json().datas.status).toBe(1);
  });

  it("decides an application only once", async () => {
    const [pending] = (await t.app.services.personal.identity.listPending()).filter((item) => item.account === "13700000002");
    const payload = new URLSearchParams({ kind: "person", id: String(pending.id), decision: "approve" }).toString();
    const post = () => t.app.inject({ method: "POST", url: "/dev/identity/decide", headers: { "content-type": "application/x-www-form-urlencoded" }, payload });
    await post();
    expect(decodeURIComponent((await post()).headers.location as string)).toContain("该申请已处理，不能重复审核");
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
    await decideOnDevPage(t, "13700000001", "approve");
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

  it("refuses the manual approval page and its actions", async () => {
    const page = await production.app.inject({ method: "GET", url: "/dev/identity" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("人工实名审核页只在开发环境提供");
    const decide = await production.app.inject({
      method: "POST",
      url: "/dev/identity/decide",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "kind=person&id=1&decision=approve",
    });
    expect(decide.statusCode).toBe(404);
  });

  it("answers 3024 to a real-name submission: no identity service is configured, nothing is stored", async () => {
    const now = production.clock.now();
    const user = await production.app.services.accounts.users.insert({ login_account: "13600000009", mobile: "13600000009", account_type: 1, status: "active", created_at: now, updated_at: now });
    const { token } = await production.app.services.sessions.create(String(user.id), "user");
    const response = (await production.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "王五", idNumber: ID_NUMBER }, { token })).json();
    expect(response).toMatchObject({ code: 3024, message: "实名认证服务尚未开通，请稍后再试或联系客服" });
    expect((await production.call(PERSONAL_ENDPOINTS.getRealNameInfo, {}, { token })).json().datas).toMatchObject({ status: 0, realName: null });
  });
});
