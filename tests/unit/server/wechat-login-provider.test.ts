import { describe, expect, it } from "vitest";
import { BusinessError } from "../../../server/http/envelope.js";
import { CodeRejectedError } from "../../../server/modules/scan-login/messaging-login-provider.js";
import { WechatLoginProvider } from "../../../server/modules/scan-login/wechat-login-provider.js";

const credentials = { appId: "wx0123456789abcdef", appSecret: "s3cr3ts3cr3ts3cr3ts3cr3ts3cr3t00" };

/** A fetch that records what it was asked and answers as WeChat would. */
function fakeFetch(answer: () => Promise<Response>) {
  const requested: URL[] = [];
  const fetchJson = (async (input: string | URL | Request) => {
    requested.push(new URL(String(input)));
    return answer();
  }) as typeof fetch;
  return { requested, fetchJson };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("WechatLoginProvider", () => {
  it("builds the qrconnect URL of a website application, framed like wxLogin.js does", async () => {
    const provider = new WechatLoginProvider(credentials);
    const url = new URL(await provider.authorizeUrl({ state: "state-123", redirectUrl: "https://evidence.example.cn/wxCallBack?redirect=%2Fevidences" }));
    expect(url.origin + url.pathname).toBe("https://open.weixin.qq.com/connect/qrconnect");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: credentials.appId,
      redirect_uri: "https://evidence.example.cn/wxCallBack?redirect=%2Fevidences",
      response_type: "code",
      scope: "snsapi_login",
      state: "state-123",
      login_type: "jssdk",
      self_redirect: "false",
    });
    expect(url.hash).toBe("#wechat_redirect");
    expect(url.toString()).not.toContain(credentials.appSecret);
  });

  it("exchanges a code at sns/oauth2/access_token over HTTPS for the openid", async () => {
    const fake = fakeFetch(() => json({ access_token: "AT", expires_in: 7200, refresh_token: "RT", openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", scope: "snsapi_login" }));
    const provider = new WechatLoginProvider(credentials, fake.fetchJson);
    expect(await provider.exchangeCode("CODE-1")).toEqual({ openId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M" });
    const [request] = fake.requested;
    expect(request.origin + request.pathname).toBe("https://api.weixin.qq.com/sns/oauth2/access_token");
    expect(Object.fromEntries(request.searchParams)).toEqual({
      appid: credentials.appId,
      secret: credentials.appSecret,
      code: "CODE-1",
      grant_type: "authorization_code",
    });
  });

  it.each([40029, 40163, 42003])("treats errcode %i as a code to scan again for", async (errcode) => {
    const provider = new WechatLoginProvider(credentials, fakeFetch(() => json({ errcode, errmsg: "invalid code" })).fetchJson);
    await expect(provider.exchangeCode("CODE")).rejects.toBeInstanceOf(CodeRejectedError);
  });

  it.each([
    ["another errcode", () => json({ errcode: 40125, errmsg: "invalid appsecret" }), "微信登录服务返回错误（40125）"],
    ["an HTTP failure", () => json({}, 502), "暂时无法连接微信登录服务"],
    ["a network failure", () => Promise.reject(new Error(`connect ECONNREFUSED ?secret=${credentials.appSecret}`)), "暂时无法连接微信登录服务"],
    ["an answer without openid", () => json({ access_token: "AT" }), "微信登录服务的应答不完整"],
  ])("answers %s with a server error that does not quote the secret", async (_name, answer, message) => {
    const provider = new WechatLoginProvider(credentials, fakeFetch(answer).fetchJson);
    const error = await provider.exchangeCode("CODE").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).code).toBe(500);
    expect((error as BusinessError).message).toContain(message);
    expect((error as BusinessError).message).not.toContain(credentials.appSecret);
  });
});
