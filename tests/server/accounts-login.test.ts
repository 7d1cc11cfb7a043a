import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../server/modules/account/known-device.js";
import { THROTTLE } from "../../server/modules/account/login-throttle.js";
import { sha256Hex } from "../../server/plugins/signature.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { webapiPath } from "../../src/schema/contract.js";
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

/** `device` is the browser's known-device cookie (hz_device), if it has one. */
async function passwordLogin(account: string, password: string, options: { ip?: string; captcha?: string; device?: string } = {}) {
  const ip = options.ip ?? nextIp();
  const { cookies, answer } = await solveCaptcha(t);
  return t.call(
    ACCOUNT_ENDPOINTS.loginV2,
    { encryptAccount: encryptor.encrypt(account), encryptPassword: encryptor.encryptPassword(password), vcode: options.captcha ?? answer, type: 0, ipAddress: "" },
    { ip, cookies: options.device ? { ...cookies, [DEVICE_COOKIE]: options.device } : cookies },
  );
}

/** Code login; with `withCaptcha` it solves an image captcha first, as the page does once the server asks. */
async function codeLoginAs(account: string, loginVcode: string, options: { ip?: string; withCaptcha?: boolean } = {}) {
  const captcha = options.withCaptcha ? await solveCaptcha(t) : undefined;
  return t.call(
    ACCOUNT_ENDPOINTS.loginV2,
    { encryptAccount: encryptor.encrypt(account), loginVcode, type: 1, ipAddress: "", ...(captcha ? { vcode: captcha.answer } : {}) },
    { ip: options.ip ?? nextIp(), cookies: captcha?.cookies },
  );
}

/** A fresh login code for the account, sent as its owner (or anyone) asks for one. */
async function freshCode(account: string): Promise<string> {
  t.clock.advance(61_000);
  expect((await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account, type: 5 }, { ip: nextIp() })).json().code).toBe(200);
  return lastCodeSentTo(t, account);
}

const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;

describe("login mode 0: account, password and image captcha", () => {
  it("logs in (200) with the user and a working token", async () => {
    await createUser("13900000001");
    const body = (await passwordLogin("13900000001", "abc12345")).json();
    expect(body.code).toBe(200);
    expect(body.datas.loginUser).toMatchObject({ mobile: "13900000001", islogin: true });
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: body.datas.token })).json().code).toBe(200);
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
      t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: encryptor.encrypt("13900000003"), encryptPassword: encryptor.encryptPassword("wrong123"), vcode: answer, type: 0 }, { cookies, ip: nextIp() });
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
    const later = await t.call(
      ACCOUNT_ENDPOINTS.delaysUpdatePwd,
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
    const response = await t.call(ACCOUNT_ENDPOINTS.delaysUpdatePwd, {
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
    expect((await t.call(ACCOUNT_ENDPOINTS.sendLoginVerifyCode, { challengeId })).json().code).toBe(200);
    const vCode = await lastCodeSentTo(t, "13900000008");
    const wrong = await t.call(ACCOUNT_ENDPOINTS.loginVerify, { challengeId, vCode: "000000" });
    expect(wrong.json().code).toBe(1003);
    t.clock.advance(1);
    const done = await t.call(ACCOUNT_ENDPOINTS.loginVerify, { challengeId, vCode });
    expect(done.json()).toMatchObject({ code: 200, datas: { loginUser: { mobile: "13900000008" } } });
    t.clock.advance(1);
    expect((await t.call(ACCOUNT_ENDPOINTS.loginVerify, { challengeId, vCode })).json()).toMatchObject({ code: 3010, message: "登录验证已过期，请重新登录" });
    // Only the completed second step started a session, and only it is in the login history.
    const history = await t.app.services.accounts.history.newestOf(done.json().datas.loginUser.id, 5);
    expect(history.map((row) => [row.method, row.outcome])).toEqual([["secondStep", "success"]]);
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
    return t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: encryptor.encrypt(account), loginVcode, type: 1, ipAddress: "" }, { ip });
  }

  it("registers an unregistered phone number on its first login", async () => {
    await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: "13700000001", type: 5 }, { ip: nextIp() });
    const body = (await codeLogin("13700000001", await lastCodeSentTo(t, "13700000001"))).json();
    expect(body).toMatchObject({ code: 200, datas: { loginUser: { mobile: "13700000001", hasPassword: false, accountType: 1 } } });
    const history = await t.app.services.accounts.history.newestOf(body.datas.loginUser.id, 5);
    expect(history).toEqual([expect.objectContaining({ method: "code", outcome: "success" })]);
  });

  it("does not register an unknown e-mail address by code", async () => {
    expect((await t.call(ACCOUNT_ENDPOINTS.sendEmailVCode, { account: "new@example.com", type: 5 })).json()).toMatchObject({ code: 3001 });
  });

  it("answers a wrong code with 1003 at the code field", async () => {
    await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: "13700000002", type: 5 }, { ip: nextIp() });
    expect((await codeLogin("13700000002", "123456")).json()).toMatchObject({ code: 1003, extraData: { errors: { loginVcode: "验证码错误或已失效，请重新获取" } } });
  });

  it("does not accept a code sent for another purpose", async () => {
    await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: "13700000003", type: 1 }, { ip: nextIp() });
    expect((await codeLogin("13700000003", await lastCodeSentTo(t, "13700000003"))).json().code).toBe(1003);
  });
});

describe("throttling (per account and source; OWASP account lockout)", () => {
  it("shuts one address out of an account after five failures for the window; the owner elsewhere is not affected", async () => {
    await createUser("13600000001");
    const attacker = nextIp();
    for (let i = 0; i < THROTTLE.perSource; i += 1) expect((await passwordLogin("13600000001", "wrong999", { ip: attacker })).json().code).toBe(3010);
    expect((await passwordLogin("13600000001", "abc12345", { ip: attacker })).json()).toMatchObject({ code: 3014, message: "登录失败次数过多，请15分钟后再试" });
    expect((await passwordLogin("13600000001", "abc12345")).json().code).toBe(200);
    t.clock.advance(THROTTLE.windowMs + 1);
    expect((await passwordLogin("13600000001", "abc12345", { ip: attacker })).json().code).toBe(200);
  });

  it("locks an address after twenty failures across accounts (password spraying)", async () => {
    const ip = nextIp();
    for (let i = 0; i < THROTTLE.perAddress; i += 1) await passwordLogin(`1350000${String(i).padStart(4, "0")}`, "wrong999", { ip });
    await createUser("13500009999");
    expect((await passwordLogin("13500009999", "abc12345", { ip })).json().code).toBe(3014);
    expect((await passwordLogin("13500009999", "abc12345")).json().code).toBe(200);
  });

  it("asks code login for the image captcha (1002) once the account has failed three times, and counts nothing for that answer", async () => {
    await createUser("13600000002");
    const code = await freshCode("13600000002");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < THROTTLE.captchaAfter; i += 1) expect((await codeLoginAs("13600000002", wrong)).json().code).toBe(1003);
    const asked = (await codeLoginAs("13600000002", code)).json();
    expect(asked).toMatchObject({ code: 1002, message: "该账号近期登录失败较多，请输入图形验证码", extraData: { errors: { vcode: "该账号近期登录失败较多，请输入图形验证码" } } });
    // The code was not tried: with the captcha it still works.
    expect((await codeLoginAs("13600000002", code, { withCaptcha: true })).json().code).toBe(200);
  });

  it("lets an attacker's wrong codes from another address lock out only that address: the owner's known device and a fresh code still get in", async () => {
    await createUser("13600000003");
    const device = deviceCookieOf(await passwordLogin("13600000003", "abc12345"));
    expect(device).toBeTruthy();

    // The attacker knows the phone number, has codes sent to it and tries his luck, solving captchas when asked.
    const attacker = nextIp();
    const code = await freshCode("13600000003");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < THROTTLE.perSource; i += 1) {
      expect((await codeLoginAs("13600000003", wrong, { ip: attacker, withCaptcha: i >= THROTTLE.captchaAfter })).json().code).toBe(1003);
    }
    expect((await codeLoginAs("13600000003", wrong, { ip: attacker, withCaptcha: true })).json().code).toBe(3014);
    expect((await passwordLogin("13600000003", "abc12345", { ip: attacker })).json().code).toBe(3014);

    expect((await passwordLogin("13600000003", "abc12345", { device })).json().code).toBe(200);
    expect((await codeLoginAs("13600000003", await freshCode("13600000003"), { withCaptcha: true })).json().code).toBe(200);
  });

  it("after failures from many addresses stops unknown devices' passwords, but not the owner's known device or a fresh code", async () => {
    await createUser("13600000004");
    const first = await passwordLogin("13600000004", "abc12345");
    const device = deviceCookieOf(first)!;
    const cookie = first.cookies.find((item) => item.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/webapi" });
    expect(device).not.toContain(first.json().datas.token);

    for (let i = 0; i < THROTTLE.perAccount; i += 1) expect((await passwordLogin("13600000004", "wrong999")).json().code).toBe(3010);
    const stranger = (await passwordLogin("13600000004", "abc12345")).json();
    expect(stranger).toMatchObject({ code: 3014, message: expect.stringMatching(/^该账号登录失败次数过多，请15分钟后再试/) });
    // A forged or altered cookie, or one made for another account, is a stranger too.
    const altered = device.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await passwordLogin("13600000004", "abc12345", { device: altered })).json().code).toBe(3014);
    const otherAccount = deviceCookieOf(await passwordLogin("13900000001", "abc12345"))!;
    expect((await passwordLogin("13600000004", "abc12345", { device: otherAccount })).json().code).toBe(3014);

    expect((await passwordLogin("13600000004", "abc12345", { device })).json().code).toBe(200);
    expect((await codeLoginAs("13600000004", await freshCode("13600000004"), { withCaptcha: true })).json().code).toBe(200);
    t.clock.advance(THROTTLE.windowMs + 1);
    expect((await passwordLogin("13600000004", "abc12345")).json().code).toBe(200);
  });

  it("counts password guesses sent at once: no more than five from one address are checked", async () => {
    await createUser("13600000005");
    const ip = nextIp();
    const captchas = await Promise.all(Array.from({ length: 8 }, () => solveCaptcha(t)));
    const answers = await Promise.all(
      captchas.map(({ cookies, answer }) =>
        t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: encryptor.encrypt("13600000005"), encryptPassword: encryptor.encryptPassword("wrong999"), vcode: answer, type: 0 }, { ip, cookies }),
      ),
    );
    const codes = answers.map((response) => response.json().code);
    expect(codes.filter((code) => code === 3010)).toHaveLength(THROTTLE.perSource);
    expect(codes.filter((code) => code === 3014)).toHaveLength(8 - THROTTLE.perSource);
  });
});

describe("replay and encryption", () => {
  it("refuses the same signed login request twice (4004)", async () => {
    await createUser("13400000001");
    const { cookies, answer } = await solveCaptcha(t);
    const params = { encryptAccount: encryptor.encrypt("13400000001"), encryptPassword: encryptor.encryptPassword("abc12345"), vcode: answer, type: "0", timestamp: String(t.clock.now()) };
    const query = { ...params, signature: computeSignature(params, sha256Hex) };
    const first = await t.app.inject({ method: "GET", url: webapiPath(ACCOUNT_ENDPOINTS.loginV2), query, cookies, remoteAddress: nextIp() });
    expect(first.json().code).toBe(200);
    const replay = await t.app.inject({ method: "GET", url: webapiPath(ACCOUNT_ENDPOINTS.loginV2), query, cookies, remoteAddress: nextIp() });
    expect(replay.json()).toMatchObject({ code: 4004, message: "请求已提交过，请勿重复提交" });
  });

  it("refuses a reused encrypted field even inside a new request (1004)", async () => {
    await createUser("13400000002");
    const nonce = randomBytes(16).toString("base64");
    const once = encryptor.encryptPassword("abc12345", { nonce });
    const again = encryptor.encryptPassword("abc12345", { nonce });
    const login = async (encryptPassword: string) => {
      const { cookies, answer } = await solveCaptcha(t);
      return t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: encryptor.encrypt("13400000002"), encryptPassword, vcode: answer, type: 0 }, { cookies, ip: nextIp() });
    };
    expect((await login(once)).json().code).toBe(200);
    expect((await login(again)).json()).toMatchObject({ code: 1004, message: "加密信息已过期，请重新提交" });
  });

  it("refuses an encrypted field older than five minutes (1004)", async () => {
    const { cookies, answer } = await solveCaptcha(t);
    const stale = encryptor.encrypt("13400000003", { ts: t.clock.now() - 5 * 60 * 1000 - 1 });
    const body = (await t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: stale, encryptPassword: encryptor.encryptPassword("abc12345"), vcode: answer, type: 0 }, { cookies })).json();
    expect(body).toMatchObject({ code: 1004, extraData: { errors: { encryptAccount: "加密信息已过期，请重新提交" } } });
  });

  it("refuses what was not encrypted with our key and OAEP (1004)", async () => {
    const body = (await t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: Buffer.from("13400000004").toString("base64"), type: 1, loginVcode: "1" })).json();
    expect(body).toMatchObject({ code: 1004, message: "加密信息无法解密，请刷新页面后重试" });
  });

  it("never writes the encrypted fields or codes into the logs", async () => {
    const secret = encryptor.encrypt("13400000005");
    await t.call(ACCOUNT_ENDPOINTS.loginV2, { encryptAccount: secret, type: 1, loginVcode: "654321" });
    // Without the lines' clock readings, which hold any six digits now and then ("time":1795546543214).
    const logs = t.logs.join("").replace(/"(time|responseTime)":[\d.]+/g, "");
    expect(logs).not.toContain(secret.slice(0, 40));
    expect(logs).not.toContain(encodeURIComponent(secret).slice(0, 40));
    expect(logs).not.toContain("654321");
  });
});
