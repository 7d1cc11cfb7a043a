import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devOpenId } from "../../server/modules/scan-login/dev-messaging-provider.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account.js";
import { SCAN_LOGIN_ENDPOINTS } from "../../src/schema/scan-login.js";
import { registryPath } from "../../src/resources/registry-paths";
import { encryptorFor, lastCodeSentTo, solveCaptcha } from "./support/login-client.js";
import { createTestApp, type RequestOptions, type TestApp } from "./support/test-app.js";

const BIND_WECHAT = registryPath("personal/securityCenter", "bindWechat");

const { getWebWxQrUrl: QR_URL, callback: CALLBACK, webBindAccountByAuth: BIND } = SCAN_LOGIN_ENDPOINTS;

let t: TestApp;
let encryptor: Awaited<ReturnType<typeof encryptorFor>>;
beforeAll(async () => {
  t = await createTestApp();
  encryptor = await encryptorFor(t);
});
afterAll(async () => t.close());

/** The QR code's state, read from the URL the login panel frames. */
async function showQrCode(options: { redirectUrl?: string; endpoint?: typeof QR_URL; token?: string } = {}) {
  const response = (await t.call(options.endpoint ?? QR_URL, { redirectUrl: options.redirectUrl ?? "/wxCallBack" }, { token: options.token })).json();
  expect(response.code).toBe(200);
  const qrCodeUrl = new URL(response.datas.qrCodeUrl);
  return { qrCodeUrl, state: qrCodeUrl.searchParams.get("state")! };
}

/** What the phone does on the development confirm page, and where the QR page then sends the browser. */
async function confirmOnPhone(state: string, nickname: string) {
  const confirmed = await t.app.inject({ method: "POST", url: "/dev/wx/confirm", payload: { state, nickname } });
  expect(confirmed.json()).toEqual({ ok: true });
  const status = (await t.app.inject({ method: "GET", url: `/dev/wx/status?state=${state}` })).json();
  expect(status.status).toBe("confirmed");
  const redirectTo = new URL(status.redirectTo);
  return { redirectTo, code: redirectTo.searchParams.get("code")!, state: redirectTo.searchParams.get("state")! };
}

/** A whole scan: QR code, confirmation, callback. */
async function scan(nickname: string, options: RequestOptions = {}) {
  const { state } = await showQrCode();
  const back = await confirmOnPhone(state, nickname);
  return (await t.call(CALLBACK, { code: back.code, state: back.state }, options)).json();
}

let phoneSerial = 0;
const nextPhone = () => `1390000${String(++phoneSerial).padStart(4, "0")}`;

async function registerAccount(account = nextPhone(), password = "abc12345") {
  t.clock.advance(61_000);
  await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account, type: 1 }, { ip: "10.1.0.1" });
  const vCode = await lastCodeSentTo(t, account);
  const response = await t.call(ACCOUNT_ENDPOINTS.register, { account, vCode, encryptPassword: encryptor.encryptPassword(password), agreement: true });
  expect(response.json().code).toBe(200);
  return { account, password, token: response.json().datas.token as string, id: response.json().datas.loginUser.id as number };
}

async function bindByPassword(oauthUserId: string, account: string, password: string, options: { captcha?: string; ip?: string } = {}) {
  const captcha = await solveCaptcha(t);
  return (
    await t.call(
      BIND,
      {
        oauthUserId,
        vCode: options.captcha ?? captcha.answer,
        encryptAccount: encryptor.encrypt(account),
        encryptPassword: encryptor.encryptPassword(password),
        type: 0,
      },
      { cookies: captcha.cookies, ip: options.ip },
    )
  ).json();
}

async function bindByCode(oauthUserId: string, account: string) {
  t.clock.advance(61_000);
  expect((await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account, type: 3 }, { ip: "10.1.0.2" })).json().code).toBe(200);
  const vCode = await lastCodeSentTo(t, account);
  return (await t.call(BIND, { oauthUserId, vCode, encryptAccount: encryptor.encrypt(account), type: 1 })).json();
}

describe("the QR code (getWebWxQrUrl)", () => {
  it("is our labelled development page with a real QR code of the confirm page", async () => {
    const { qrCodeUrl, state } = await showQrCode();
    expect(qrCodeUrl.pathname).toBe("/dev/wx/qr");
    expect(state).toMatch(/^[\w-]{32}$/);
    const page = await t.app.inject({ method: "GET", url: `/dev/wx/qr?state=${state}` });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("开发环境模拟扫码");
    expect(page.body).toContain("<svg");
    expect(page.body).toContain(`/dev/wx/confirm?state=${state}`);
    const confirm = await t.app.inject({ method: "GET", url: `/dev/wx/confirm?state=${state}` });
    expect(confirm.body).toContain("开发环境模拟");
    expect(confirm.body).toContain("确认登录");
  });

  it.each(["https://evil.example/wxCallBack", "//evil.example/wxCallBack", "javascript:alert(1)", "http://localhost:8081/wxCallBack"])(
    "refuses the foreign redirectUrl %s",
    async (redirectUrl) => {
      const response = (await t.call(QR_URL, { redirectUrl })).json();
      expect(response).toMatchObject({ code: 1001, extraData: { errors: { redirectUrl: "回调地址必须是本站的页面" } } });
    },
  );

  it("accepts a path or a full URL of this very site", async () => {
    expect((await t.call(QR_URL, { redirectUrl: "/wxCallBack?redirect=%2Fevidences" })).json().code).toBe(200);
    expect((await t.call(QR_URL, { redirectUrl: "http://localhost/wxCallBackHome" })).json().code).toBe(200);
  });
});

describe("the callback", () => {
  it("answers 5025 with an opaque id for an identity without an account", async () => {
    const response = await scan("甲某");
    expect(response.code).toBe(5025);
    expect(response.datas.oauthUserId).toMatch(/^[\w-]{32}$/);
    expect(response.datas.oauthUserId).not.toContain(devOpenId("甲某"));
  });

  it("answers 106 for a replayed, an unknown and an expired state", async () => {
    const { state } = await showQrCode();
    const back = await confirmOnPhone(state, "乙某");
    expect((await t.call(CALLBACK, { code: back.code, state: back.state })).json().code).toBe(5025);
    const replayed = (await t.call(CALLBACK, { code: back.code, state: back.state })).json();
    expect(replayed).toMatchObject({ code: 106, message: "二维码已失效，请刷新二维码后重新扫码" });
    expect((await t.call(CALLBACK, { code: back.code, state: "no-such-state-at-all-000000000000" })).json().code).toBe(106);

    const late = await showQrCode();
    const lateBack = await confirmOnPhone(late.state, "乙某");
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await t.call(CALLBACK, { code: lateBack.code, state: lateBack.state })).json().code).toBe(106);
  });

  it("will not let the phone confirm an expired QR code", async () => {
    const { state } = await showQrCode();
    t.clock.advance(5 * 60 * 1000 + 1);
    const confirmed = await t.app.inject({ method: "POST", url: "/dev/wx/confirm", payload: { state, nickname: "丙某" } });
    expect(confirmed.statusCode).toBe(409);
    expect((await t.app.inject({ method: "GET", url: `/dev/wx/qr?state=${state}` })).body).toContain("二维码已失效");
  });
});

describe("binding after 5025", () => {
  it("binds an existing account by password, then the same identity logs in directly (200)", async () => {
    const owner = await registerAccount();
    const { datas } = await scan("丁某");
    const bound = await bindByPassword(datas.oauthUserId, owner.account, owner.password);
    expect(bound.code).toBe(200);
    expect(bound.datas.loginUser).toMatchObject({ id: owner.id, oauthUserId: `dev:${devOpenId("丁某")}` });
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: bound.datas.token })).json().code).toBe(200);

    const again = await scan("丁某");
    expect(again.code).toBe(200);
    expect(again.datas.loginResult.loginUser.id).toBe(owner.id);
    expect(again.datas.token).toBe(again.datas.loginResult.token);
    expect((await t.call(COMMON_ENDPOINTS.getTime, {}, { token: again.datas.token })).json().code).toBe(200);
    // Both scans started sessions, and both are in the account's login history.
    const history = await t.app.services.accounts.history.newestOf(owner.id, 5);
    expect(history.map((row) => [row.method, row.outcome])).toEqual([["scan", "success"], ["scan", "success"], ["register", "success"]]);
  });

  it("answers 421 at the account field for a wrong password and 1002 for a wrong captcha, binding nothing", async () => {
    const owner = await registerAccount();
    const { datas } = await scan("戊某");
    const wrongPassword = await bindByPassword(datas.oauthUserId, owner.account, "wrong999");
    expect(wrongPassword).toMatchObject({ code: 421, message: "账号或密码错误", extraData: { errors: { encryptAccount: "账号或密码错误" } } });
    const wrongCaptcha = await bindByPassword(datas.oauthUserId, owner.account, owner.password, { captcha: "zzzz" });
    expect(wrongCaptcha).toMatchObject({ code: 1002, extraData: { errors: { vCode: "图形验证码错误或已过期，请重新输入" } } });
    expect((await scan("戊某")).code).toBe(5025);
  });

  it("counts failed binds like failed logins", async () => {
    const owner = await registerAccount();
    const { datas } = await scan("己某");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await bindByPassword(datas.oauthUserId, owner.account, "wrong999", { ip: "10.2.0.1" })).code).toBe(421);
    }
    const locked = await bindByPassword(datas.oauthUserId, owner.account, owner.password, { ip: "10.2.0.1" });
    expect(locked.code).toBe(3014);
    const loginFrom = async (ip: string) => {
      const captcha = await solveCaptcha(t);
      return t.call(
        ACCOUNT_ENDPOINTS.loginV2,
        { encryptAccount: encryptor.encrypt(owner.account), encryptPassword: encryptor.encryptPassword(owner.password), vcode: captcha.answer, type: 0 },
        { cookies: captcha.cookies, ip },
      );
    };
    // The same address is shut out of the account; the owner elsewhere is not.
    expect((await loginFrom("10.2.0.1")).json().code).toBe(3014);
    expect((await loginFrom("10.2.0.2")).json().code).toBe(200);
  });

  it("binds by a code of type 3, creating an account for a new phone number", async () => {
    const phone = nextPhone();
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: phone })).json().code).toBe(3001);
    const { datas } = await scan("庚某");
    const bound = await bindByCode(datas.oauthUserId, phone);
    expect(bound.code).toBe(200);
    expect(bound.datas.loginUser).toMatchObject({ mobile: phone, hasPassword: false, oauthUserId: `dev:${devOpenId("庚某")}` });
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: phone })).json().code).toBe(3002);
    expect((await scan("庚某")).datas.loginResult.loginUser.mobile).toBe(phone);
  });

  it("refuses a wrong code (1003) at the account's expense", async () => {
    const phone = nextPhone();
    const { datas } = await scan("辛某");
    t.clock.advance(61_000);
    await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: phone, type: 3 });
    const response = (await t.call(BIND, { oauthUserId: datas.oauthUserId, vCode: "000000", encryptAccount: encryptor.encrypt(phone), type: 1 })).json();
    expect(response.code).toBe(1003);
    expect((await t.call(ACCOUNT_ENDPOINTS.checkAccount, { account: phone })).json().code).toBe(3001);
  });

  it("refuses an account bound to another identity (5027) and an identity bound to another account (5026)", async () => {
    const first = await registerAccount();
    const second = await registerAccount();
    await bindByPassword((await scan("壬某")).datas.oauthUserId, first.account, first.password);

    const otherIdentity = await scan("癸某");
    const refused = await bindByPassword(otherIdentity.datas.oauthUserId, first.account, first.password);
    expect(refused).toMatchObject({ code: 5027, extraData: { errors: { encryptAccount: refused.message } } });
    expect(refused.message).toContain("该账号已绑定其他微信");

    // Two scans of one new identity give two pending ids; only the first bind can win.
    const pendingA = (await scan("子某")).datas.oauthUserId;
    const pendingB = (await scan("子某")).datas.oauthUserId;
    expect((await bindByPassword(pendingA, second.account, second.password)).code).toBe(200);
    const third = await registerAccount();
    expect((await bindByPassword(pendingB, third.account, third.password)).code).toBe(5026);
  });

  it("answers 106 once the pending identity is older than ten minutes or already bound", async () => {
    const owner = await registerAccount();
    const { datas } = await scan("丑某");
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await bindByPassword(datas.oauthUserId, owner.account, owner.password);
    expect(late).toMatchObject({ code: 106, message: "扫码信息已过期，请返回重新扫码登录" });
  });

  it("refuses a replayed bind request", async () => {
    const phone = nextPhone();
    const { datas } = await scan("寅某");
    t.clock.advance(61_000);
    await t.call(ACCOUNT_ENDPOINTS.sendPhoneVCode, { account: phone, type: 3 });
    const params = { oauthUserId: datas.oauthUserId, vCode: await lastCodeSentTo(t, phone), encryptAccount: encryptor.encrypt(phone), type: 1 };
    expect((await t.call(BIND, params)).json().code).toBe(200);
    expect((await t.call(BIND, params)).json().code).toBe(4004);
  });
});

describe("binding from the security centre", () => {
  it("binds the current account with a bind QR code, logs in by scan, then unbinds", async () => {
    const owner = await registerAccount();
    const options = { token: owner.token };
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.bindState, {}, options)).json().datas).toEqual({ isBound: false, providerName: "微信（开发环境模拟）" });

    const { state } = await showQrCode({ endpoint: SCAN_LOGIN_ENDPOINTS.getBindQrUrl, redirectUrl: BIND_WECHAT, token: owner.token });
    const back = await confirmOnPhone(state, "卯某");
    expect(back.redirectTo.pathname).toBe(BIND_WECHAT);
    const bound = (await t.call(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount, { code: back.code, state: back.state }, options)).json();
    expect(bound.datas.loginUser).toMatchObject({ id: owner.id, oauthUserId: `dev:${devOpenId("卯某")}` });
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.bindState, {}, options)).json().datas.isBound).toBe(true);
    expect((await scan("卯某")).datas.loginResult.loginUser.id).toBe(owner.id);

    const unbound = (await t.call(SCAN_LOGIN_ENDPOINTS.unbind, {}, options)).json();
    expect(unbound.datas.loginUser.oauthUserId).toBeNull();
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.unbind, {}, options)).json().code).toBe(5028);
    expect((await scan("卯某")).code).toBe(5025);
  });

  it("takes a bind QR code only from the account that asked for it, and never a login QR code", async () => {
    const owner = await registerAccount();
    const stranger = await registerAccount();
    const bindQr = await showQrCode({ endpoint: SCAN_LOGIN_ENDPOINTS.getBindQrUrl, redirectUrl: BIND_WECHAT, token: owner.token });
    const back = await confirmOnPhone(bindQr.state, "辰某");
    const refused = (await t.call(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount, { code: back.code, state: back.state }, { token: stranger.token })).json();
    expect(refused.code).toBe(106);

    const loginQr = await showQrCode();
    const loginBack = await confirmOnPhone(loginQr.state, "辰某");
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount, { code: loginBack.code, state: loginBack.state }, { token: owner.token })).json().code).toBe(106);
  });

  it("needs a session", async () => {
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.getBindQrUrl, { redirectUrl: BIND_WECHAT })).json().code).toBe(102);
    expect((await t.call(SCAN_LOGIN_ENDPOINTS.unbind, {})).json().code).toBe(102);
  });
});

describe("without the development provider", () => {
  const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.internal:25", SMS_WEBHOOK_URL: "https://sms.internal/send" };

  it("in production without WX_APP_ID: no scan login, and the simulated pages are refused", async () => {
    const prod = await createTestApp({ env: production });
    try {
      const response = (await prod.call(QR_URL, { redirectUrl: "/wxCallBack" })).json();
      expect(response.code).toBe(5024);
      expect(response.message).toContain("WX_APP_ID");
      for (const [method, url] of [
        ["GET", "/dev/wx/qr?state=abcdefghijklmnopqrstuvwxyz012345"],
        ["GET", "/dev/wx/confirm?state=abcdefghijklmnopqrstuvwxyz012345"],
        ["GET", "/dev/wx/status?state=abcdefghijklmnopqrstuvwxyz012345"],
        ["POST", "/dev/wx/confirm"],
      ] as const) {
        const refused = await prod.app.inject({ method, url, payload: method === "POST" ? { state: "x", nickname: "y" } : undefined });
        expect(refused.statusCode).toBe(404);
        expect(refused.body).toContain("此服务器不提供");
      }
    } finally {
      await prod.close();
    }
  });

  it("with WX_APP_ID and WX_APP_SECRET: WeChat's QR page, with our callback as redirect_uri", async () => {
    const wechat = await createTestApp({ env: { ...production, WX_APP_ID: "wx0123456789abcdef", WX_APP_SECRET: "0123456789abcdef0123456789abcdef" } });
    try {
      const qrCodeUrl = new URL((await wechat.call(QR_URL, { redirectUrl: "/wxCallBack" })).json().datas.qrCodeUrl);
      expect(qrCodeUrl.origin + qrCodeUrl.pathname).toBe("https://open.weixin.qq.com/connect/qrconnect");
      expect(qrCodeUrl.searchParams.get("appid")).toBe("wx0123456789abcdef");
      expect(qrCodeUrl.searchParams.get("redirect_uri")).toBe("http://localhost/wxCallBack");
      expect(qrCodeUrl.searchParams.get("scope")).toBe("snsapi_login");
      expect(qrCodeUrl.toString()).not.toContain("0123456789abcdef0123456789abcdef");
    } finally {
      await wechat.close();
    }
  });
});
