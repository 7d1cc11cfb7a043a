import { describe, expect, it } from "vitest";
import { createAccountClient } from "../../../src/providers/account-client";
import { md5Hex } from "../../../src/providers/login-crypto";
import { ACCOUNT_ENDPOINTS, CodePurpose } from "../../../src/schema/account";
import { recordingHttpClient } from "./fake-http-client";
import { fakeLoginCrypto } from "./fake-login-crypto";

function setup() {
  const { http, calls } = recordingHttpClient();
  return { client: createAccountClient({ http, crypto: fakeLoginCrypto }), calls };
}

const rsaMd5 = (password: string) => `rsa(${md5Hex(password)})`;

describe("account client (spec §7 user calls)", () => {
  it("password login: GET loginV2 type 0, account and password encrypted, the captcha as vcode, without a token", async () => {
    const { client, calls } = setup();
    await client.loginWithPassword({ account: " 13800138000 ", password: "abc123", captcha: "Ab12" });
    expect(calls).toEqual([
      {
        method: "GET",
        path: ACCOUNT_ENDPOINTS.loginV2.path,
        params: { encryptAccount: "rsa(13800138000)", encryptPassword: rsaMd5("abc123"), vcode: "Ab12", type: 0, ipAddress: "" },
        tokenless: true,
      },
    ]);
  });

  it("code login: type 1 with loginVcode and no password", async () => {
    const { client, calls } = setup();
    await client.loginWithCode({ account: "a@b.cn", code: "123456" });
    expect(calls[0]).toMatchObject({ path: ACCOUNT_ENDPOINTS.loginV2.path, params: { encryptAccount: "rsa(a@b.cn)", loginVcode: "123456", type: 1, ipAddress: "" } });
    expect(calls[0].params).not.toHaveProperty("encryptPassword");
  });

  it("next time (after 3011): delaysUpdatePwd with freshly encrypted fields and the plain account", async () => {
    const { client, calls } = setup();
    await client.delayPasswordUpdate({ account: "a@b.cn", password: "abc123" });
    expect(calls[0]).toMatchObject({
      path: ACCOUNT_ENDPOINTS.delaysUpdatePwd.path,
      params: { encryptAccount: "rsa(a@b.cn)", encryptPassword: rsaMd5("abc123"), ipAddress: "", account: "a@b.cn" },
      tokenless: true,
    });
  });

  it.each([
    ["13800138000", ACCOUNT_ENDPOINTS.sendPhoneVCode.path],
    ["someone@example.com", ACCOUNT_ENDPOINTS.sendEmailVCode.path],
  ])("sends the code for %s through %s", async (account, path) => {
    const { client, calls } = setup();
    await client.sendCode(account, CodePurpose.codeLogin);
    expect(calls).toEqual([{ method: "GET", path, params: { account, type: 5 }, tokenless: true }]);
  });

  it("does not ask the server to send to an account that is neither", async () => {
    const { client, calls } = setup();
    await expect(client.sendCode("12345", CodePurpose.register)).resolves.toMatchObject({ code: 1001, message: "请输入正确的手机号或邮箱" });
    expect(calls).toEqual([]);
  });

  it("codes for a signed-in user's own account (binding) carry the session", async () => {
    const { client, calls } = setup();
    await client.sendCode("13800138000", CodePurpose.bindContact);
    expect(calls[0].tokenless).toBe(false);
  });

  it("register, reset and set password POST the MD5-then-encrypted password", async () => {
    const { client, calls } = setup();
    await client.register({ account: "a@b.cn", code: "123456", password: "abc123" });
    await client.resetPassword({ account: "a@b.cn", code: "654321", password: "abc456" });
    await client.setPassword("abc789");
    expect(calls).toEqual([
      { method: "POST", path: ACCOUNT_ENDPOINTS.register.path, params: { account: "a@b.cn", vCode: "123456", encryptPassword: rsaMd5("abc123"), agreement: true }, tokenless: true },
      { method: "POST", path: ACCOUNT_ENDPOINTS.resetPassword.path, params: { account: "a@b.cn", vCode: "654321", encryptPassword: rsaMd5("abc456") }, tokenless: true },
      // The first password belongs to the signed-in account: the session goes with it.
      { method: "POST", path: ACCOUNT_ENDPOINTS.setPassword.path, params: { encryptPassword: rsaMd5("abc789") }, tokenless: false },
    ]);
  });

  it("captcha, existence check and the second step", async () => {
    const { client, calls } = setup();
    await client.getCaptcha();
    await client.checkAccount("a@b.cn");
    await client.sendSecondStepCode("ch-1");
    await client.verifySecondStep({ challengeId: "ch-1", vCode: " 123456 " });
    expect(calls).toEqual([
      { method: "GET", path: ACCOUNT_ENDPOINTS.getCodeV2.path, params: { time: expect.any(Number) }, tokenless: true },
      { method: "GET", path: ACCOUNT_ENDPOINTS.checkAccount.path, params: { account: "a@b.cn" }, tokenless: true },
      { method: "POST", path: ACCOUNT_ENDPOINTS.sendLoginVerifyCode.path, params: { challengeId: "ch-1" }, tokenless: true },
      { method: "POST", path: ACCOUNT_ENDPOINTS.loginVerify.path, params: { challengeId: "ch-1", vCode: "123456" }, tokenless: true },
    ]);
  });
});
