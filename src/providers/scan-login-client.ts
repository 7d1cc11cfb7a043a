import { BindType, SCAN_LOGIN_ENDPOINTS, type BindState } from "../schema/scan-login";
import type { Envelope } from "../schema/envelope";
import type { HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The scan-login calls of spec §7 (and our security-centre ones) as the browser makes them. Like
 * the account client it answers envelopes only; what a code means is decided in
 * scan-login-outcome.ts and the pages. Before login every call is tokenless.
 */
const TOKENLESS = { tokenless: true } as const;

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
export interface ScanReturn {
  code: string;
  state: string;
}

export interface ScanLoginClient {
  /** datas.qrCodeUrl: the page to frame; `redirectUrl` is where the browser returns after the scan. */
  getQrCodeUrl(redirectUrl: string): Promise<Envelope<{ qrCodeUrl: string } | null>>;
  /** 200 logged in, 5025 bind first (datas.oauthUserId), 106 scan again. */
  callback(scan: ScanReturn): Promise<Envelope<unknown>>;
  bindWithPassword(input: BindWithPasswordInput): Promise<Envelope<unknown>>;
  bindWithCode(input: BindWithCodeInput): Promise<Envelope<unknown>>;
  /** Logged in: the security centre's QR code, whose scan binds the current account. */
  getBindQrCodeUrl(redirectUrl: string): Promise<Envelope<{ qrCodeUrl: string } | null>>;
  bindCurrentAccount(scan: ScanReturn): Promise<Envelope<unknown>>;
  unbind(): Promise<Envelope<unknown>>;
  getBindState(): Promise<Envelope<BindState | null>>;
}

export function createScanLoginClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): ScanLoginClient {
  return {
    getQrCodeUrl: (redirectUrl) => http.get(SCAN_LOGIN_ENDPOINTS.getWebWxQrUrl, { redirectUrl }, TOKENLESS),

    callback: ({ code, state }) => http.get(SCAN_LOGIN_ENDPOINTS.callback, { code, state }, TOKENLESS),

    bindWithPassword: ({ oauthUserId, account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        http.get(
          SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth,
          {
            oauthUserId,
            vCode: captcha.trim(),
            encryptAccount: await crypto.encryptText(account.trim()),
            encryptPassword: await crypto.encryptPassword(password),
            type: BindType.password,
          },
          TOKENLESS,
        ),
      ),

    bindWithCode: ({ oauthUserId, account, code }) =>
      crypto.sendEncrypted(async () =>
        http.get(
          SCAN_LOGIN_ENDPOINTS.webBindAccountByAuth,
          { oauthUserId, vCode: code.trim(), encryptAccount: await crypto.encryptText(account.trim()), type: BindType.code },
          TOKENLESS,
        ),
      ),

    getBindQrCodeUrl: (redirectUrl) => http.get(SCAN_LOGIN_ENDPOINTS.getBindQrUrl, { redirectUrl }),

    bindCurrentAccount: ({ code, state }) => http.post(SCAN_LOGIN_ENDPOINTS.bindCurrentAccount, { code, state }),

    unbind: () => http.post(SCAN_LOGIN_ENDPOINTS.unbind, {}),

    getBindState: () => http.get(SCAN_LOGIN_ENDPOINTS.bindState),
  };
}
