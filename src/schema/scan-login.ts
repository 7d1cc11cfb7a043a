import { z } from "zod";
import { AccountCode, LoginResultSchema, LoginUserSchema } from "./account";

/**
 * Scan-code login through a messaging app and account binding (spec §2 login mode 2 and the bind
 * panel, §4 scan states, §7 /wxLogin calls, §8 scan and bind codes), shared by browser and server.
 * Paths are relative to /webapi; the spec's paths are kept, our own follow /<area>/v2/<verb>.
 */
export const SCAN_LOGIN_ENDPOINTS = {
  getWebWxQrUrl: "/wxLogin/getWebWxQrUrl",
  callback: "/wxLogin/callback",
  webBindAccountByAuth: "/wxLogin/webBindAccountByAuth",
  /** Logged in: a QR code whose confirmation binds the current account (security centre). */
  getBindQrUrl: "/wxLogin/v2/getBindQrUrl",
  bindCurrentAccount: "/wxLogin/v2/bindCurrentAccount",
  unbind: "/wxLogin/v2/unbind",
  bindState: "/wxLogin/v2/bindState",
} as const;

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

/** The query that opens the bind panel on the home page (spec §2). */
export const BIND_PANEL_QUERY = { show: "showBindAccount", oauthUserId: "oauthUserId" } as const;
/** The query that brings a visitor back to the scan tab with a fresh QR code after code 106. */
export const SCAN_EXPIRED_QUERY = "scanExpired";
