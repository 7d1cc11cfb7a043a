import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../server/plugins/signature.js";
import { computeSignature } from "../../src/schema/signature.js";
import { encryptorFor, lastCodeSentTo, md5, solveCaptcha } from "./support/login-client.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;
let ipCounter = 0;
/** A fresh caller address per scenario, so that the per-address limits of one do not touch another. */
const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  encryptor = await encryptorFor(t);
});
afterAll(async () => t.close());

async function createUser(account: string, password = "abc12345", extra: Record<string, unknown> = {}) {
  const now = t.clock.now();
  const isMail = account.includes("@");
  return t.app.services.accounts.users.insert({
    login_account: account,
    mobile: isMail ? null : account,
    mail: isMail ? account : null,
    password_hash: await t.app.services.accounts.hasher.hash(md5(password)),
    password_changed_at: now,
    account_type: 1,
    status: "active",
    created_at: now,
    updated_at: now,
    ...extra,
  });
}

async function passwordLogin(account: string, password: string, options: { ip?: string; captcha?: string } = {}) {
  const ip = options.ip ?? nextIp();
  const { cookies, answer } = await solveCaptcha(t);
  return t.get(
    "/webapi/user/v2/loginV2",
    { encryptAccount: encryptor.encrypt(account), encryptPassword: encryptor.encryptPassword(password), vcode: options.captcha ?? answer, type: 0, ipAddress: "" },
    { ip, cookies },
  );
}

describe("login mode 0: account, password and image captcha", () => {
  it("logs in (200) with the user and a working token", async () => {
    await createUser("13900000001");
    const body = (await passwordLogin("13900000001", "abc12345")).json();
    expect(body.code).toBe(200);
    expect(body.datas.loginUser).toMatchObject({ mobile: "13900000001", islogin: true });
    expect((await t.get("/webapi/common/v2/getTime", {}, { token: body.datas.token })).json().code).toBe(200);
  });

  it("gives the image captcha as an SVG data URL drawn with paths, not readable text", async () => {
    const { image } = await solveCaptcha(t);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(image.split(",")[1], "base64").toString();
    expect(svg).toContain("<path");
    expect(svg).not.toContain("<text");
  });

  it("answers a wrong captcha with 1002 and its message under the captcha field", async () => {
    await createUser("13900000002");
    const body = (await passwordLogin("13900000002", "abc12345", { captcha: "zzzz" })).json();
    expect(body).toMatchObject({ code: 1002, message: "图形验证码错误或已过期，请重新输入", extraData: { errors: { vcode: "图形验证码错误或已过期，请重新输入" } } });
  });

  it("uses each captcha once: a second attempt with the same one is 1002", async () => {
    await createUser("13900000003");
    const { cookies, answer } = await solveCaptcha(t);
    const attempt = () =>
      t.get("/webapi/user/v2/loginV2", { encryptAccount: encryptor.encrypt("13900000003"), encryptPassword: encryptor.encryptPassword("wrong123"), vcode: answer, type: 0 }, { cookies, ip: nextIp() });
    expect((await attempt()).json().code).toBe(3010);
    expect((await attempt()).json().code).toBe(1002);
  });

  it("says the same for a wrong password and an unknown account", async () => {
    await createUser("13900000004");
    const wrongPassword = (await passwordLogin("13900000004", "wrong999")).json();
    const unknown = (await passwordLogin("13900009999", "abc12345")).json();
    expect(wrongPassword).toMatchObject({ code: 3010, message: "账号或密码错误" });
    expect(unknown).toMatchObject({ code: 3010, message: "账号或密码错误" });
  });

  it("answers 3011 for a password set by someone else, and 'next time' logs in through delaysUpdatePwd", async () => {
    await createUser("13900000005", "abc12345", { must_change_password: 1 });
    const ip = nextIp();
    const first = (await passwordLogin("13900000005", "abc12345", { ip })).json();
    expect(first).toMatchObject({ code: 3011, message: "您的密码由他人设置，为了账号安全，请修改密码", datas: null });
    const later = await t.get(
      "/webapi/user/v2/delaysUpdatePwd",
      { encryptAccount: encryptor.encrypt("13900000005"), encryptPassword: encryptor.encryptPassword("abc12345"), ipAddress: "", account: "13900000005" },
      { ip },
    );
    expect(later.json()).toMatchObject({ code: 200, datas: { loginUser: { mobile: "13900000005" } } });
  });

  it("answers 3011 for a password older than 180 days", async () => {
    await createUser("13900000006", "abc12345", { password_changed_at: t.clock.now() - 181 * 24 * 3600 * 1000 });
    expect((await passwordLogin("13900000006", "abc12345")).json()).toMatchObject({ code: 3011, message: "您的密码已超过180天未修改，为了账号安全，建议立即修改密码" });
  });

  it("refuses delaysUpdatePwd without a preceding 3011 (it skips the captcha)", async () => {
    await createUser("13900000007");
    const response = await t.get("/webapi/user/v2/delaysUpdatePwd", {
      encryptAccount: encryptor.encrypt("13900000007"),
      encryptPassword: encryptor.encryptPassword("abc12345"),
      account: "13900000007",
    });
    expect(response.json()).toMatchObject({ code: 3010, message: "登录已过期，请重新登录" });
  });

  it("answers 3012 for two-step accounts; the code sent to the bound phone completes the login", async () => {
    await createUser("13900000008", "abc12345", { two_step_enabled: 1 });
    const first = (await passwordLogin("13900000008", "abc12345")).json();
    expect(first).toMatchObject({ code: 3012, datas: { channel: "mobile", maskedTarget: "139****0008" } });
    const { challengeId } = first.datas;
    expect((await t.post("/webapi/user/v2/sendLoginVerifyCode", { challengeId })).json().code).toBe(200);
    const vCode = await lastCodeSentTo(t, "13900000008");
    const wrong = await t.post("/webapi/user/v2/loginVerify", { challengeId, vCode: "000000" });
    expect(wrong.json().code).toBe(1003);
    t.clock.advance(1);
    const done = await t.post("/webapi/user/v2/loginVerify", { challengeId, vCode });
    expect(done.json()).toMatchObject({ code: 200, datas: { loginUser: { mobile: "13900000008" } } });
    t.clock.advance(1);
    expect((await t.post("/webapi/user/v2/loginVerify", { challengeId, vCode })).json()).toMatchObject({ code: 3010, message: "登录验证已过期，请重新登录" });
  });

  it("refuses disabled and cancelled accounts with 3015", async () => {
    await createUser("13900000009", "abc12345", { status: "disabled" });
    await createUser("13900000010", "abc12345", { status: "cancelled" });
    expect((await passwordLogin("13900000009", "abc12345")).json()).toMatchObject({ code: 3015, message: "该账号已被停用，请联系主账号或客服" });
    expect((await passwordLogin("13900000010", "abc12345")).json()).toMatchObject({ code: 3015, message: "该账号已注销" });
  });
});

describe("login mode 1: account and verification code", () => {
  async function codeLogin(account: string, loginVcode: string, ip = nextIp()) {
    return t.get("/webapi/user/v2/loginV2", { encryptAccount: encryptor.encrypt(account), loginVcode, type: 1, ipAddress: "" }, { ip });
  }

  it("registers an unregistered phone number on its first login", async () => {
    await t.get("/webapi/user/v2/sendPhoneVCode", { account: "13700000001", type: 5 }, { ip: nextIp() });
    const body = (await codeLogin("13700000001", await lastCodeSentTo(t, "13700000001"))).json();
    expect(body).toMatchObject({ code: 200, datas: { loginUser: { mobile: "13700000001", hasPassword: false, accountType: 1 } } });
  });

  it("does not register an unknown e-mail address by code", async () => {
    expect((await t.get("/webapi/user/v2/sendEmailVCode", { account: "new@example.com", type: 5 })).json()).toMatchObject({ code: 3001 });
  });

  it("answers a wrong code with 1003 at the code field", async () => {
    await t.get("/webapi/user/v2/sendPhoneVCode", { account: "13700000002", type: 5 }, { ip: nextIp() });
    expect((await codeLogin("13700000002", "123456")).json()).toMatchObject({ code: 1003, extraData: { errors: { loginVcode: "验证码错误或已失效，请重新获取" } } });
  });

  it("does not accept a code sent for another purpose", async () => {
    await t.get("/webapi/user/v2/sendPhoneVCode", { account: "13700000003", type: 1 }, { ip: nextIp() });
    expect((await codeLogin("13700000003", await lastCodeSentTo(t, "13700000003"))).json().code).toBe(1003);
  });
});

describe("throttling", () => {
  it("locks an account for 15 minutes after five failed logins, then lets it in again", async () => {
    await createUser("13600000001");
    for (let i = 0; i < 5; i += 1) expect((await passwordLogin("13600000001", "wrong999")).json().code).toBe(3010);
    expect((await passwordLogin("13600000001", "abc12345")).json()).toMatchObject({ code: 3014, message: "登录失败次数过多，请15分钟后再试" });
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await passwordLogin("13600000001", "abc12345")).json().code).toBe(200);
  });

  it("locks an address after twenty failures across accounts (password spraying)", async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) await passwordLogin(`1350000${String(i).padStart(4, "0")}`, "wrong999", { ip });
    await createUser("13500009999");
    expect((await passwordLogin("13500009999", "abc12345", { ip })).json().code).toBe(3014);
    expect((await passwordLogin("13500009999", "abc12345")).json().code).toBe(200);
  });
});

describe("replay and encryption", () => {
  it("refuses the same signed login request twice (4004)", async () => {
    await createUser("13400000001");
    const { cookies, answer } = await solveCaptcha(t);
    const params = { encryptAccount: encryptor.encrypt("13400000001"), encryptPassword: encryptor.encryptPassword("abc12345"), vcode: answer, type: "0", timestamp: String(t.clock.now()) };
    const query = { ...params, signature: computeSignature(params, sha256Hex) };
    const first = await t.app.inject({ method: "GET", url: "/webapi/user/v2/loginV2", query, cookies, remoteAddress: nextIp() });
    expect(first.json().code).toBe(200);
    const replay = await t.app.inject({ method: "GET", url: "/webapi/user/v2/loginV2", query, cookies, remoteAddress: nextIp() });
    expect(replay.json()).toMatchObject({ code: 4004, message: "请求已提交过，请勿重复提交" });
  });

  it("refuses a reused encrypted field even inside a new request (1004)", async () => {
    await createUser("13400000002");
    const nonce = randomBytes(16).toString("base64");
    const once = encryptor.encryptPassword("abc12345", { nonce });
    const again = encryptor.encryptPassword("abc12345", { nonce });
    const login = async (encryptPassword: string) => {
      const { cookies, answer } = await solveCaptcha(t);
      return t.get("/webapi/user/v2/loginV2", { encryptAccount: encryptor.encrypt("13400000002"), encryptPassword, vcode: answer, type: 0 }, { cookies, ip: nextIp() });
    };
    expect((await login(once)).json().code).toBe(200);
    expect((await login(again)).json()).toMatchObject({ code: 1004, message: "加密信息已过期，请重新提交" });
  });

  it("refuses an encrypted field older than five minutes (1004)", async () => {
    const { cookies, answer } = await solveCaptcha(t);
    const stale = encryptor.encrypt("13400000003", { ts: t.clock.now() - 5 * 60 * 1000 - 1 });
    const body = (await t.get("/webapi/user/v2/loginV2", { encryptAccount: stale, encryptPassword: encryptor.encryptPassword("abc12345"), vcode: answer, type: 0 }, { cookies })).json();
    expect(body).toMatchObject({ code: 1004, extraData: { errors: { encryptAccount: "加密信息已过期，请重新提交" } } });
  });

  it("refuses what was not encrypted with our key and OAEP (1004)", async () => {
    const body = (await t.get("/webapi/user/v2/loginV2", { encryptAccount: Buffer.from("13400000004").toString("base64"), type: 1, loginVcode: "1" })).json();
    expect(body).toMatchObject({ code: 1004, message: "加密信息无法解密，请刷新页面后重试" });
  });

  it("never writes the encrypted fields or codes into the logs", async () => {
    const secret = encryptor.encrypt("13400000005");
    await t.get("/webapi/user/v2/loginV2", { encryptAccount: secret, type: 1, loginVcode: "654321" });
    const logs = t.logs.join("");
    expect(logs).not.toContain(secret.slice(0, 40));
    expect(logs).not.toContain(encodeURIComponent(secret).slice(0, 40));
    expect(logs).not.toContain("654321");
  });
});
