import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError } from "../../http/envelope.js";
import { CodeRejectedError, type MessagingIdentity, type MessagingLoginProvider } from "./messaging-login-provider.js";

export const WECHAT_QRCONNECT_URL = "https://open.weixin.qq.com/connect/qrconnect";
export const WECHAT_ACCESS_TOKEN_URL = "https://api.weixin.qq.com/sns/oauth2/access_token";

/** WeChat's answers for a code that is wrong (40029), already used (40163) or expired (42003). */
const REJECTED_CODE_ERRORS = new Set([40029, 40163, 42003]);
const EXCHANGE_TIMEOUT_MS = 10_000;

type AccessTokenAnswer = { openid?: unknown; errcode?: unknown; errmsg?: unknown };

/**
 * WeChat Open Platform website login (网站应用微信登录): the QR page of open.weixin.qq.com, and the
 * code exchanged at sns/oauth2/access_token with the application's secret, server to server over
 * HTTPS. Only the openid is kept: it is stable per application, which is all a login needs; no
 * access token is stored, as nothing is fetched on the person's behalf later.
 */
export class WechatLoginProvider implements MessagingLoginProvider {
  readonly key = "wechat";
  readonly displayName = "微信";

  constructor(
    private readonly credentials: { appId: string; appSecret: string },
    private readonly fetchJson: typeof fetch = fetch,
  ) {}

  async authorizeUrl({ state, redirectUrl }: { state: string; redirectUrl: string }): Promise<string> {
    const url = new URL(WECHAT_QRCONNECT_URL);
    url.searchParams.set("appid", this.credentials.appId);
    url.searchParams.set("redirect_uri", redirectUrl);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", "snsapi_login");
    url.searchParams.set("state", state);
    // Shown inside our page's iframe as WeChat's own wxLogin.js embeds it: after the scan the
    // top window (not the frame) goes to redirect_uri.
    url.searchParams.set("login_type", "jssdk");
    url.searchParams.set("self_redirect", "false");
    url.hash = "wechat_redirect";
    return url.toString();
  }

  async exchangeCode(code: string): Promise<MessagingIdentity> {
    const url = new URL(WECHAT_ACCESS_TOKEN_URL);
    url.searchParams.set("appid", this.credentials.appId);
    url.searchParams.set("secret", this.credentials.appSecret);
    url.searchParams.set("code", code);
    url.searchParams.set("grant_type", "authorization_code");

    let answer: AccessTokenAnswer;
    try {
      const response = await this.fetchJson(url, { signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      answer = (await response.json()) as AccessTokenAnswer;
    } catch {
      // The secret is in the URL, so neither it nor the error (which may quote it) is passed on.
      throw new BusinessError(ResultCode.serverError, "暂时无法连接微信登录服务，请稍后重试");
    }
    if (typeof answer.errcode === "number" && answer.errcode !== 0) {
      if (REJECTED_CODE_ERRORS.has(answer.errcode)) throw new CodeRejectedError(`微信拒绝了授权码（${answer.errcode}）`);
      throw new BusinessError(ResultCode.serverError, `微信登录服务返回错误（${answer.errcode}），请稍后重试`);
    }
    if (typeof answer.openid !== "string" || answer.openid === "") {
      throw new BusinessError(ResultCode.serverError, "微信登录服务的应答不完整，请稍后重试");
    }
    return { openId: answer.openid };
  }
}
