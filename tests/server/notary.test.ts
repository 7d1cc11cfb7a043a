import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_NOTARY_OFFICE, DEMO_NOTARY_USER, DEMO_NOTARY_USER_2 } from "../../server/db/seed/seed-demo-notary.js";
import { THROTTLE } from "../../server/modules/account/login-throttle.js";
import { sha256Hex } from "../../server/plugins/signature.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
import { NOTARY_ENDPOINTS } from "../../src/schema/notary.js";
import { DEFAULT_NOTARIAL_TEMPLATE } from "../../src/schema/notary-console.js";
import { computeSignature } from "../../src/schema/signature.js";
import { createTestApp, type RequestOptions, type TestApp } from "./support/test-app.js";
import { encryptorFor, solveCaptcha } from "./support/login-client.js";

const { login: LOGIN, logout: LOGOUT, getNotaryInfo: INFO } = NOTARY_ENDPOINTS;
const HOUR = 60 * 60 * 1000;

const STAFF = { officeName: "衡州市公证处", account: "Li.Si", name: "李四", password: "gongzheng123" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.notary.staff.createUser(STAFF);
});
afterAll(async () => t.close());

let nextIp = 1;
/** Each test logs in from its own address, so the per-address throttle of one test does not leak into another. */
const freshIp = () => `10.1.0.${nextIp++}`;

/** What the notary login page sends: account and MD5'd password RSA-OAEP encrypted, the captcha answer and its cookie. */
async function notaryLogin(input: { account: string; password: string; vcode?: string }, options: RequestOptions = {}) {
  const { encrypt, encryptPassword } = await encryptorFor(t);
  const captcha = await solveCaptcha(t);
  return t.call(
    LOGIN,
    { encryptAccount: encrypt(input.account), encryptPassword: encryptPassword(input.password), vcode: input.vcode ?? captcha.answer },
    { cookies: captcha.cookies, ...options },
  );
}

async function loggedInToken(ip = freshIp()) {
  const response = await notaryLogin({ account: STAFF.account, password: STAFF.password }, { ip });
  expect(response.json().code).toBe(200);
  return response.json().datas.token as string;
}

describe("notary login", () => {
  it("signs a staff member in (account case-insensitive) and answers notaryUser and token", async () => {
    const response = await notaryLogin({ account: "li.si", password: STAFF.password }, { ip: freshIp() });
    expect(response.json()).toMatchObject({
      code: 200,
      datas: { notaryUser: { account: "li.si", name: "李四", officeName: "衡州市公证处" }, token: expect.any(String) },
    });
    const token = response.json().datas.token as string;
    expect((await t.call(INFO, {}, { token })).json()).toMatchObject({ code: 200, datas: { notaryUser: { account: "li.si", name: "李四" } } });
  });

  it("refuses a wrong password with 3010 and gives no token", async () => {
    const response = await notaryLogin({ account: STAFF.account, password: "wrong12345" }, { ip: freshIp() });
    expect(response.json()).toMatchObject({ code: 3010, message: "账号或密码错误", datas: null });
  });

  it("answers an unknown account exactly like a wrong password", async () => {
    const response = await notaryLogin({ account: "nobody", password: STAFF.password }, { ip: freshIp() });
    expect(response.json()).toMatchObject({ code: 3010, message: "账号或密码错误" });
  });

  it("refuses a wrong captcha with 1002 and the message at the captcha field", async () => {
    const response = await notaryLogin({ account: STAFF.account, password: STAFF.password, vcode: "zzzz" }, { ip: freshIp() });
    expect(response.json()).toMatchObject({
      code: 1002,
      extraData: { errors: { vcode: "图形验证码错误或已过期，请重新输入" } },
    });
  });

  it("refuses a malformed account with a message at the account field", async () => {
    const response = await notaryLogin({ account: "a b", password: STAFF.password }, { ip: freshIp() });
    expect(response.json()).toMatchObject({ code: 3010, extraData: { errors: { encryptAccount: "账号为4-32位字母、数字、下划线、点或连字符" } } });
  });

  it("stops unknown devices' passwords after repeated failures from many addresses, counted under a notary: key, even the right one", async () => {
    await t.app.services.notary.staff.createUser({ ...STAFF, account: "wang.wu" });
    for (let attempt = 0; attempt < THROTTLE.perAccount; attempt += 1) {
      expect((await notaryLogin({ account: "wang.wu", password: "wrong12345" }, { ip: freshIp() })).json().code).toBe(3010);
    }
    const locked = await notaryLogin({ account: "wang.wu", password: STAFF.password }, { ip: freshIp() });
    expect(locked.json()).toMatchObject({ code: 3014, message: expect.stringMatching(/^该账号登录失败次数过多，请\d+分钟后再试/) });
    const keys = await t.app.database.db.selectFrom("login_attempt_counters").select("key").where("key", "like", "a:%wang.wu").execute();
    expect(keys.map((row) => row.key)).toEqual(["a:notary:wang.wu"]);

    t.clock.advance(THROTTLE.windowMs + 1);
    expect((await notaryLogin({ account: "wang.wu", password: STAFF.password }, { ip: freshIp() })).json().code).toBe(200);
  });

  it("refuses the same signed request twice (replay)", async () => {
    const { encrypt, encryptPassword } = await encryptorFor(t);
    const captcha = await solveCaptcha(t);
    const body = { encryptAccount: encrypt(STAFF.account), encryptPassword: encryptPassword(STAFF.password), vcode: captcha.answer };
    const timestamp = t.clock.now();
    const signature = computeSignature({ ...body, timestamp }, sha256Hex);
    const send = () =>
      t.app.inject({ method: "POST", url: webapiPath(LOGIN), query: { timestamp: String(timestamp), signature }, payload: body, cookies: captcha.cookies, remoteAddress: freshIp() });
    expect((await send()).json().code).toBe(200);
    expect((await send()).json()).toMatchObject({ code: 4004, message: "请求已提交过，请勿重复提交" });
  });

  it("signs in the development demo account seeded at start", async () => {
    const response = await notaryLogin({ account: DEMO_NOTARY_USER.account, password: DEMO_NOTARY_USER.password }, { ip: freshIp() });
    expect(response.json()).toMatchObject({ code: 200, datas: { notaryUser: { account: "demo-notary", officeName: "衡证演示公证处" } } });
  });

  it("seeds the demo office ready for the console: profile, fee, default template, an issued seal, and a second staff member (notary)", async () => {
    const admin = (await t.app.services.notary.users.findByAccount(DEMO_NOTARY_USER.account))!;
    const second = (await t.app.services.notary.users.findByAccount(DEMO_NOTARY_USER_2.account))!;
    expect([admin.role, second.role, second.office_id]).toEqual(["admin", "notary", admin.office_id]);
    const office = (await t.app.services.notary.offices.findById(admin.office_id))!;
    expect(office).toMatchObject({ fee_fen: DEMO_NOTARY_OFFICE.feeFen, accepts_applications: 1, template_body: DEFAULT_NOTARIAL_TEMPLATE.body, seal_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(Number(office.seal_not_after)).toBeGreaterThan(t.clock.now());
  });
});

describe("notary sessions", () => {
  it("are of their own kind: a notary token is refused on user routes, a user token on notary routes (102)", async () => {
    const notaryToken = await loggedInToken();
    const { token: userToken } = await t.app.services.sessions.create("1", "user");
    expect((await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: 1 }, { token: notaryToken })).json().code).toBe(102);
    expect((await t.call(ACCOUNT_ENDPOINTS.logout, { id: "1" }, { token: notaryToken })).json().code).toBe(102);
    expect((await t.call(INFO, {}, { token: userToken })).json().code).toBe(102);
    expect((await t.call(LOGOUT, {}, { token: userToken })).json().code).toBe(102);
    expect((await t.call(INFO)).json().code).toBe(102);
  });

  it("last 8 hours without use, refreshed by every successful call, then answer 103", async () => {
    const token = await loggedInToken();
    t.clock.advance(8 * HOUR - 60_000);
    expect((await t.call(INFO, {}, { token })).json().code).toBe(200);
    t.clock.advance(8 * HOUR - 60_000);
    expect((await t.call(INFO, {}, { token })).json().code).toBe(200);
    t.clock.advance(8 * HOUR + 1);
    expect((await t.call(INFO, {}, { token })).json()).toMatchObject({ code: 103, message: "登录已超时，请重新登录" });
  });

  it("end on logout; the token then answers 3013", async () => {
    const token = await loggedInToken();
    expect((await t.call(LOGOUT, {}, { token })).json()).toMatchObject({ code: 200, datas: null });
    expect((await t.call(INFO, {}, { token })).json().code).toBe(3013);
  });
});

describe("notary staff accounts", () => {
  it("are created with validated fields; an account is unique without regard to case", async () => {
    const { staff } = t.app.services.notary;
    await expect(staff.createUser({ ...STAFF, account: "LI.SI" })).rejects.toMatchObject({ code: 3003, message: "公证处账号 li.si 已存在" });
    await expect(staff.createUser({ ...STAFF, account: "zhao", password: "short" })).rejects.toMatchObject({
      code: 1001,
      options: { errors: { password: "密码长度为6-18位，至少包含1个字母和1个数字" } },
    });
    await expect(staff.createUser({ officeName: " ", account: "x", name: "", password: "abc12345" })).rejects.toMatchObject({
      code: 1001,
      options: { errors: { officeName: "请输入公证处名称", account: "账号为4-32位字母、数字、下划线、点或连字符", name: "请输入工作人员姓名" } },
    });
  });

  it("store only a slow hash of the password's MD5", async () => {
    const row = await t.app.services.notary.users.findByAccount("li.si");
    expect(row?.password_hash).toMatch(/^scrypt\$14\$8\$1\$/);
    expect(row?.password_hash).not.toContain(STAFF.password);
  });
});

describe("in production", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      env: { NODE_ENV: "production", SEED_DEMO: "true", SMTP_URL: "smtp://127.0.0.1:2525", SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms" },
    });
  });
  afterAll(async () => production.close());

  it("seeds no demo notary account, and refuses one that a development database brought along", async () => {
    expect(await production.app.services.notary.users.findByAccount(DEMO_NOTARY_USER.account)).toBeUndefined();
    await production.app.services.notary.staff.createUser(DEMO_NOTARY_USER, { isDemo: true });

    // Production has no captcha peek: plant a captcha with a known answer, as a person would read it.
    const answer = "abcd";
    await production.app.database.db
      .insertInto("captchas")
      .values({ id: "planted", answer_hash: sha256Hex(answer), expires_at: production.clock.now() + 60_000, consumed_at: null })
      .execute();
    const { encrypt, encryptPassword } = await encryptorFor(production);
    const response = await production.call(
      LOGIN,
      { encryptAccount: encrypt(DEMO_NOTARY_USER.account), encryptPassword: encryptPassword(DEMO_NOTARY_USER.password), vcode: answer },
      { cookies: { hz_captcha: "planted" } },
    );
    expect(response.json()).toMatchObject({ code: 3015, message: "演示账号仅在开发环境中可用" });
  });
});
