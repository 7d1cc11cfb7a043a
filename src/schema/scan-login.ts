import { z } from "zod";
import { AccountCode, CodeParamSchema, encryptedField, LoginResultSchema, LoginUserSchema } from "./account";
import { endpoint } from "./contract";

/**
 * Scan-code login through a messaging app and account binding (spec §2 login mode 2 and the bind
 * panel, §4 scan states, §7 /wxLogin calls, §8 scan and bind codes), shared by browser and server.
 * The spec's paths are kept, our own follow /<area>/v2/<verb>; the endpoints are at the end.
 */

/** A QR code (its login state) is valid this long and answers once. */
export const SCAN_STATE_TTL_MS = 5 * 60 * 1000;
/** After 5025 the bind panel has this long to bind the scanned identity. */
export const PENDING_IDENTITY_TTL_MS = 10 * 60 * 1000;

export const ScanLoginCode = {
  /** The QR code expired, was used or is unknown: show a new one (spec §8). */
  scanExpired: AccountCode.scanExpired,
  /** The scanned identity has no account yet: open the bind panel (spec §8). */
  bindRequired: AccountCode.bindRequired,
  /** Binding: account or password wrong (message at the account field, spec §8). */
  bindAccountInvalid: AccountCode.bindAccountInvalid,
  /** No messaging-app login is configured on this server. */
  unavailable: 5024,
  /** The scanned identity is already bound to another account. */
  identityBoundElsewhere: 5026,
  /** The account is already bound to another identity. */
  accountBoundElsewhere: 5027,
  /** Unbinding an account that is not bound. */
  notBound: 5028,
} as const;

/** webBindAccountByAuth `type`: 0 existing account + password + image captcha, 1 account + sent code. */
export const BindType = { password: 0, code: 1 } as const;

export const QrCodeUrlSchema = z.object({ qrCodeUrl: z.string().describe("放进 iframe 的扫码页地址") });
export type QrCodeUrl = z.infer<typeof QrCodeUrlSchema>;

/** callback, code 200: spec §7 "datas.loginResult, token". */
export const ScanCallbackResultSchema = z.object({ loginResult: LoginResultSchema, token: z.string() });
export type ScanCallbackResult = z.infer<typeof ScanCallbackResultSchema>;

/** callback, code 5025: an opaque id of the scanned identity, never the messaging app's own id. */
export const BindRequiredSchema = z.object({ oauthUserId: z.string() });

export const BindStateSchema = z.object({
  isBound: z.boolean(),
  /** "微信" or, in development, the labelled simulation. */
  providerName: z.string(),
});
export type BindState = z.infer<typeof BindStateSchema>;

/** bindCurrentAccount and unbind answer the updated user, so the browser's copy stays right. */
export const BoundUserSchema = z.object({ loginUser: LoginUserSchema });
export type BoundUser = z.infer<typeof BoundUserSchema>;

/** The query that opens the bind panel on the home page (spec §2). */
export const BIND_PANEL_QUERY = { show: "showBindAccount", oauthUserId: "oauthUserId" } as const;
/** The query that brings a visitor back to the scan tab with a fresh QR code after code 106. */
export const SCAN_EXPIRED_QUERY = "scanExpired";

const TAG = "扫码登录";
const redirectUrl = z.string().trim().min(1, "缺少回调地址").max(1024).describe("扫码确认后浏览器回到的地址：本站路径或本站完整地址");
/** Where the messaging app sends the browser back: its authorisation code and our state. */
const ScanReturnSchema = z.object({ code: z.string().trim().min(1, "缺少授权码").max(256), state: z.string().trim().min(1, "缺少 state").max(64) });

export const SCAN_LOGIN_ENDPOINTS = {
  getWebWxQrUrl: endpoint({
    method: "GET",
    path: "/wxLogin/getWebWxQrUrl",
    input: z.object({ redirectUrl }),
    datas: QrCodeUrlSchema,
    session: "tokenless",
    tag: TAG,
    summary: "扫码登录二维码页地址（放进 iframe）；二维码 5 分钟内有效、只能用一次",
    description: "5024：服务器未配置扫码登录。redirectUrl 不是本站地址时 1001。",
  }),
  callback: endpoint({
    method: "GET",
    path: "/wxLogin/callback",
    input: ScanReturnSchema,
    datas: ScanCallbackResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "扫码回调：用授权码登录",
    description:
      "200：已绑定账号，datas.loginResult 为登录结果（token 同时放在 datas.token）。5025：尚未绑定账号，datas.oauthUserId 交给绑定面板（10 分钟内有效）。106：二维码已失效、已使用或未知，请刷新二维码。",
  }),
  webBindAccountByAuth: endpoint({
    method: "GET",
    path: "/wxLogin/webBindAccountByAuth",
    input: z.object({
      oauthUserId: z.string().trim().min(1, "缺少扫码信息").max(64),
      vCode: CodeParamSchema,
      encryptAccount: encryptedField("账号"),
      encryptPassword: encryptedField("密码").optional(),
      type: z.coerce.number().int().pipe(z.union([z.literal(BindType.password), z.literal(BindType.code)])),
    }),
    datas: LoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "扫码后绑定账号并登录：type 0 账号 + 密码 + 图形验证码；type 1 账号 + 验证码（type 3 发送，未注册的手机号自动注册）",
    description: "200：已绑定并登录（datas 同登录结果）。421：账号或密码错误。1002：图形验证码错误。1003：验证码错误。106：扫码信息已过期。5026：该微信已绑定其他账号。5027：该账号已绑定其他微信。",
  }),
  /** Logged in: a QR code whose confirmation binds the current account (security centre). */
  getBindQrUrl: endpoint({
    method: "GET",
    path: "/wxLogin/v2/getBindQrUrl",
    input: z.object({ redirectUrl }),
    datas: QrCodeUrlSchema,
    session: "user",
    tag: TAG,
    summary: "安全中心：为当前账号绑定微信的二维码页地址",
  }),
  bindCurrentAccount: endpoint({
    method: "POST",
    path: "/wxLogin/v2/bindCurrentAccount",
    input: ScanReturnSchema,
    datas: BoundUserSchema,
    session: "user",
    tag: TAG,
    summary: "安全中心：扫码确认后把微信绑定到当前账号",
    description: "106：二维码已失效或不是当前账号的绑定二维码。5026：该微信已绑定其他账号。5027：当前账号已绑定微信。",
  }),
  unbind: endpoint({
    method: "POST",
    path: "/wxLogin/v2/unbind",
    input: z.object({}),
    datas: BoundUserSchema,
    session: "user",
    tag: TAG,
    summary: "安全中心：解除当前账号与微信的绑定",
    description: "5028：当前账号未绑定微信。",
  }),
  bindState: endpoint({
    method: "GET",
    path: "/wxLogin/v2/bindState",
    input: z.object({}),
    datas: BindStateSchema,
    session: "user",
    tag: TAG,
    summary: "安全中心：当前账号是否已绑定微信",
  }),
};
