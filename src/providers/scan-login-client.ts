import type { EndpointInput } from "../schema/contract";
import { BindType, SCAN_LOGIN_ENDPOINTS } from "../schema/scan-login";
import { callEndpoint, type EndpointEnvelope, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The scan-login calls of spec §7 (and our security-centre ones) as the browser makes them. Like
 * the account client it answers envelopes only; what a code means is decided in
 * scan-login-outcome.ts and the pages. Before login every call is tokenless.
 */

export interface BindWithPasswordInput {
  oauthUserId: string;
  account: string;
  password: string;
  captcha: string;
}
export interface BindWithCodeInput {
  oauthUserId: string;
  account: string;
  code: string;
}
/** Where the messaging app sends the browser back after the scan. */
export type ScanReturn = EndpointInput<typeof SCAN_LOGIN_ENDPOINTS.callback>;

export interface ScanLoginClient {
  /** datas.qrCodeUrl: the page to frame; `redirectUrl` is where the browser returns after the scan. */
  getQrCodeUrl(redirectUrl: string): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl>>;
  /** 200 logged in, 5025 bind first (datas.oauthUserId), 106 scan again. */
  callback(scan: ScanReturn): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.callback>>;
  bindWithPassword(input: BindWithPasswordInput): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth>>;
  bindWithCode(input: BindWithCodeInput): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth>>;
  /** Logged in: the security centre's QR code, whose scan binds the current account. */
  getBindQrCodeUrl(redirectUrl: string): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.getBindQrUrl>>;
  bindCurrentAccount(scan: ScanReturn): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.bindCurrentAccount>>;
  unbind(): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.unbind>>;
  getBindState(): Promise<EndpointEnvelope<typeof SCAN_LOGIN_ENDPOINTS.bindState>>;
}

export function createScanLoginClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): ScanLoginClient {
  return {
    getQrCodeUrl: (redirectUrl) => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl, { redirectUrl }),

    callback: ({ code, state }) => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.callback, { code, state }),

    bindWithPassword: ({ oauthUserId, account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth, {
          oauthUserId,
          vCode: captcha.trim(),
          encryptAccount: await crypto.encryptText(account.trim()),
          encryptPassword: await crypto.encryptPassword(password),
          type: BindType.password,
        }),
      ),

    bindWithCode: ({ oauthUserId, account, code }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth, {
          oauthUserId,
          vCode: code.trim(),
          encryptAccount: await crypto.encryptText(account.trim()),
          type: BindType.code,
        }),
      ),

    getBindQrCodeUrl: (redirectUrl) => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.getBindQrUrl, { redirectUrl }),

    bindCurrentAccount: ({ code, state }) => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.bindCurrentAccount, { code, state }),

    unbind: () => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.unbind, {}),

    getBindState: () => callEndpoint(http, SCAN_LOGIN_ENDPOINTS.bindState, {}),
  };
}
