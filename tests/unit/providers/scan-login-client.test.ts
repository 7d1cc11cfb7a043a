import { describe, expect, it } from "vitest";
import { md5Hex } from "../../../src/providers/login-crypto";
import { createScanLoginClient } from "../../../src/providers/scan-login-client";
import { SCAN_LOGIN_ENDPOINTS } from "../../../src/schema/scan-login";
import { recordingHttpClient } from "./fake-http-client";
import { fakeLoginCrypto } from "./fake-login-crypto";

function setup() {
  const { http, calls } = recordingHttpClient();
  return { client: createScanLoginClient({ http, crypto: fakeLoginCrypto }), calls };
}

describe("scan login client (spec §7 /wxLogin calls)", () => {
  it.each([
    ["getQrCodeUrl", (c: ReturnType<typeof setup>["client"]) => c.getQrCodeUrl("http://h/wxCallBack"), "GET", SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl.path, { redirectUrl: "http://h/wxCallBack" }, true],
    ["callback", (c: ReturnType<typeof setup>["client"]) => c.callback({ code: "c", state: "s" }), "GET", SCAN_LOGIN_ENDPOINTS.callback.path, { code: "c", state: "s" }, true],
    ["getBindQrCodeUrl", (c: ReturnType<typeof setup>["client"]) => c.getBindQrCodeUrl("http://h/b"), "GET", SCAN_LOGIN_ENDPOINTS.getBindQrUrl.path, { redirectUrl: "http://h/b" }, false],
    ["bindCurrentAccount", (c: ReturnType<typeof setup>["client"]) => c.bindCurrentAccount({ code: "c", state: "s" }), "POST", SCAN_LOGIN_ENDPOINTS.bindCurrentAccount.path, { code: "c", state: "s" }, false],
    ["unbind", (c: ReturnType<typeof setup>["client"]) => c.unbind(), "POST", SCAN_LOGIN_ENDPOINTS.unbind.path, {}, false],
    ["getBindState", (c: ReturnType<typeof setup>["client"]) => c.getBindState(), "GET", SCAN_LOGIN_ENDPOINTS.bindState.path, {}, false],
  ] as const)("%s: %s %s", async (_name, call, method, path, params, tokenless) => {
    const { client, calls } = setup();
    await call(client);
    expect(calls).toEqual([{ method, path, params, tokenless }]);
  });

  it("binds by password: type 0, account and password encrypted, the image captcha as vCode, without a token", async () => {
    const { client, calls } = setup();
    await client.bindWithPassword({ oauthUserId: "p1", account: " 13800138000 ", password: "abc123", captcha: " Ab12 " });
    expect(calls).toEqual([
      {
        method: "GET",
        path: SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth.path,
        params: { oauthUserId: "p1", vCode: "Ab12", encryptAccount: "rsa(13800138000)", encryptPassword: `rsa(${md5Hex("abc123")})`, type: 0 },
        tokenless: true,
      },
    ]);
  });

  it("binds by code: type 1 with the sent code and no password", async () => {
    const { client, calls } = setup();
    await client.bindWithCode({ oauthUserId: "p1", account: "a@b.cn", code: "123456" });
    expect(calls[0]).toMatchObject({ params: { oauthUserId: "p1", vCode: "123456", encryptAccount: "rsa(a@b.cn)", type: 1 }, tokenless: true });
    expect(calls[0].params).not.toHaveProperty("encryptPassword");
  });
});
