import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from "../../server/modules/verification/verification.service.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { DEV_ENDPOINTS } from "../../src/schema/dev-tools.js";
import { encryptorFor, lastCodeSentTo } from "./support/login-client.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;
beforeAll(async () => {
  t = await createTestApp();
  encryptor = await encryptorFor(t);
});
afterAll(async () => t.close());

const sendSms = (account: string, type: number, ip = "10.0.0.1") => t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account, type }, { ip });
const sendMail = (account: string, type: number, ip = "10.0.0.1") => t.call(ACCOUNT_ENDPOINTS.sendEmailVCode, { account, type }, { ip });

async function register(account: string, password = "abc12345", ip = "10.0.0.2") {
  const send = account.includes("@") ? sendMail : sendSms;
  expect((await send(account, 1, ip)).json().code).toBe(200);
  const vCode = await lastCodeSentTo(t, account.toLowerCase());
  return t.call(ACCOUNT_ENDPOINTS.register, { account, vCode, encryptPassword: encryptor.encryptPassword(password), agreement: true }, { ip });
}

describe("registration", () => {
  it("registers a phone number with a code from the outbox and logs in at once", async () => {
    const response = (await register("13800000001")).json();
    expect(response.code).toBe(200);
    expect(response.datas.loginUser).toMatchObject({ loginAccount: "13800000001", mobile: "13800000001", mail: null, accountType: 1, islogin: true, hasPassword: true });
    expect(response.datas.token).toMatch(/^[\w-]{40,}$/);
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: response.datas.token })).json().code).toBe(200);
  });

  it("registers an e-mail address, stored in lower case", async () => {
    const response = (await register("Li.Lei@Example.COM")).json();
    expect(response.datas.loginUser.mail).toBe("li.lei@example.com");
  });

  it("refuses to send a registration code to a registered account (3003)", async () => {
    t.clock.advance(61_000);
    expect((await sendSms("13800000001", 1, "10.0.0.3")).json()).toMatchObject({ code: 3003, message: "该账号已注册，请直接登录" });
  });

  it("refuses a wrong code (1003) and changes nothing", async () => {
    await sendSms("13800000002", 1);
    const response = await t.call(ACCOUNT_ENDPOINTS.register, {
      account: "13800000002",
      vCode: "000000",
      encryptPassword: encryptor.encryptPassword("abc12345"),
      agreement: true,
    });
    expect(response.json()).toMatchObject({ code: 1003, extraData: { errors: { vCode: "验证码错误或已失效，请重新获取" } } });
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: "13800000002" })).json().code).toBe(3001);
  });

  it("requires the agreement", async () => {
    const response = await t.call(ACCOUNT_ENDPOINTS.register, { account: "13800000003", vCode: "1", encryptPassword: "x", agreement: false });
    expect(response.json()).toMatchObject({ code: 1001, extraData: { errors: { agreement: "请勾选用户注册协议和隐私协议" } } });
  });

  it("answers checkAccount with 3002 for a registered account and 3001 otherwise", async () => {
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: "13800000001" })).json()).toMatchObject({ code: 3002 });
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: "13999999999" })).json()).toMatchObject({ code: 3001 });
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: "hello" })).json()).toMatchObject({
      code: 1001,
      message: "请输入正确的手机号或邮箱",
    });
  });
});

describe("verification codes", () => {
  it("goes to the outbox as SMS or e-mail and says what it is for", async () => {
    await sendMail("wang@example.com", 1, "10.0.1.1");
    const list = (await t.call(DEV_ENDPOINTS.outbox, { to: "wang@example.com" })).json().datas.list;
    expect(list[0]).toMatchObject({ channel: "email", to: "wang@example.com" });
    expect(list[0].text).toMatch(/您正在注册账号，验证码为 \d{6}，5分钟内有效/);
  });

  it("refuses a phone number on the e-mail call and the other way round", async () => {
    expect((await sendMail("13800000009", 1)).json()).toMatchObject({ code: 1001, message: "请输入正确的邮箱" });
    expect((await sendSms("a@example.com", 1)).json()).toMatchObject({ code: 1001, message: "请输入正确的手机号" });
  });

  it("allows one code per minute per target (1005)", async () => {
    expect((await sendSms("13800000010", 1, "10.0.2.1")).json()).toMatchObject({ code: 200 });
    expect((await sendSms("13800000010", 1, "10.0.2.1")).json()).toMatchObject({ code: 1005, message: "验证码发送过于频繁，请60秒后再试" });
    t.clock.advance(60_000);
    expect((await sendSms("13800000010", 1, "10.0.2.1")).json().code).toBe(200);
  });

  it("expires after five minutes", async () => {
    await sendSms("13800000011", 1, "10.0.3.1");
    const vCode = await lastCodeSentTo(t, "13800000011");
    t.clock.advance(CODE_TTL_MS + 1);
    const response = await t.call(ACCOUNT_ENDPOINTS.register, {
      account: "13800000011",
      vCode,
      encryptPassword: encryptor.encryptPassword("abc12345"),
      agreement: true,
    });
    expect(response.json().code).toBe(1003);
  });

  it("is single-use", async () => {
    await sendSms("13800000012", 1, "10.0.4.1");
    const vCode = await lastCodeSentTo(t, "13800000012");
    const first = await t.call(ACCOUNT_ENDPOINTS.register, { account: "13800000012", vCode, encryptPassword: encryptor.encryptPassword("abc12345"), agreement: true }, { ip: "10.0.4.1" });
    expect(first.json().code).toBe(200);
    await t.call(ACCOUNT_ENDPOINTS.resetPassword, { account: "13800000012", vCode, encryptPassword: encryptor.encryptPassword("new12345") });
    const reset = await t.call(ACCOUNT_ENDPOINTS.resetPassword, { account: "13800000012", vCode, encryptPassword: encryptor.encryptPassword("new12345") });
    expect(reset.json().code).toBe(1003);
  });

  it("stops working after five wrong tries", async () => {
    await sendSms("13800000013", 1, "10.0.5.1");
    const vCode = await lastCodeSentTo(t, "13800000013");
    for (let i = 0; i < 5; i += 1) {
      await t.call(ACCOUNT_ENDPOINTS.register, { account: "13800000013", vCode: "999999", encryptPassword: encryptor.encryptPassword("abc12345"), agreement: true });
    }
    const response = await t.call(ACCOUNT_ENDPOINTS.register, { account: "13800000013", vCode, encryptPassword: encryptor.encryptPassword("abc12345"), agreement: true });
    expect(response.json().code).toBe(1003);
  });

  it("counts tries sent at once: no more than five are counted and compared, whatever order they arrive in", async () => {
    // Through the service: the route's per-minute limit and the login throttle would stop a burst first.
    await sendSms("13800000014", 1, "10.0.5.2");
    const vCode = await lastCodeSentTo(t, "13800000014");
    const wrong = vCode === "999999" ? "999998" : "999999";
    const codes = t.app.services.accounts.codes;
    const answers = await Promise.all([...Array<string>(20).fill(wrong), vCode].map((code) => codes.check(1, "13800000014", code)));
    const stored = await t.app.database.db.selectFrom("verification_codes").select("attempts").where("target", "=", "13800000014").executeTakeFirstOrThrow();
    expect(Number(stored.attempts)).toBe(CODE_MAX_ATTEMPTS);
    // The right code got in only if it was among the five compared; after them it is refused.
    expect(answers.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(await codes.check(1, "13800000014", vCode)).toBe(false);
  });

  it("limits codes per address: 30 an hour", async () => {
    // Through the service: the route's own per-minute rate limit would stop a burst first.
    const codes = t.app.services.accounts.codes;
    for (let i = 0; i < 30; i += 1) await codes.send(1, "mobile", `1390000${String(i).padStart(4, "0")}`, "10.9.9.9");
    await expect(codes.send(1, "mobile", "13900009999", "10.9.9.9")).rejects.toMatchObject({ code: 1005, message: "当前网络获取验证码过于频繁，请稍后再试" });
    t.clock.advance(60 * 60 * 1000 + 1);
    await expect(codes.send(1, "mobile", "13900009999", "10.9.9.9")).resolves.toBeUndefined();
  });

  it("answers a burst on one route from one address with HTTP 429 and the envelope", async () => {
    const codes = [];
    for (let i = 0; i < 12; i += 1) codes.push((await sendSms(`1370000${String(i).padStart(4, "0")}`, 1, "10.8.8.8")).statusCode);
    expect(codes.slice(0, 10).every((status) => status === 200)).toBe(true);
    const limited = await sendSms("13700009999", 1, "10.8.8.8");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, datas: null });
  });

  it("gives the phone and e-mail twins one budget per address: alternating them does not double it", async () => {
    const ip = "10.8.8.9";
    const statuses = [];
    for (let i = 0; i < 10; i += 1) {
      const response = i % 2 === 0 ? await sendSms(`1371000${String(i).padStart(4, "0")}`, 1, ip) : await sendMail(`twin${i}@example.com`, 1, ip);
      statuses.push(response.statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await sendSms("13710009999", 1, ip)).statusCode).toBe(429);
    expect((await sendMail("twin99@example.com", 1, ip)).statusCode).toBe(429);
  });
});

describe("passwords", () => {
  it("reset ends every session of the account and the new password works", async () => {
    const registered = (await register("13800000020", "old12345", "10.1.0.1")).json();
    t.clock.advance(61_000);
    await sendSms("13800000020", 2, "10.1.0.1");
    const vCode = await lastCodeSentTo(t, "13800000020");
    const reset = await t.call(ACCOUNT_ENDPOINTS.resetPassword, { account: "13800000020", vCode, encryptPassword: encryptor.encryptPassword("new12345") });
    expect(reset.json().code).toBe(200);
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: registered.datas.token })).json().code).toBe(3013);
  });

  it("refuses a reset code for an unregistered account", async () => {
    expect((await sendSms("13800000021", 2)).json()).toMatchObject({ code: 3001 });
  });

  it("lets an account without a password set one once", async () => {
    const { token } = await t.app.services.sessions.create(
      String((await t.app.services.accounts.users.insert({ login_account: "13800000022", mobile: "13800000022", account_type: 1, status: "active", created_at: 0, updated_at: 0 })).id),
      "user",
    );
    expect((await t.call(ACCOUNT_ENDPOINTS.setPassword, { encryptPassword: encryptor.encryptPassword("abc12345") }, { token })).json().code).toBe(200);
    expect((await t.call(ACCOUNT_ENDPOINTS.setPassword, { encryptPassword: encryptor.encryptPassword("abc12346") }, { token })).json()).toMatchObject({
      code: 1001,
      message: "账号已设置密码，请在安全中心修改密码",
    });
  });
});

describe("getUserInfo", () => {
  it("answers the session's own user and nobody else's", async () => {
    const mine = (await register("13800000030", "abc12345", "10.2.0.1")).json().datas;
    const other = (await register("13800000031", "abc12345", "10.2.0.2")).json().datas;
    const own = await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: mine.loginUser.id }, { token: mine.token });
    expect(own.json().datas.userInfo).toEqual(mine.loginUser);
    const foreign = await t.call(ACCOUNT_ENDPOINTS.getUserInfo, { userId: other.loginUser.id }, { token: mine.token });
    expect(foreign.json().code).toBe(102);
  });
});
