import { ACCOUNT_ENDPOINTS, CodePurpose, LoginType, type CodePurposeValue } from "../schema/account";
import { accountKind, LOGIN_ACCOUNT_MESSAGE } from "../schema/credentials";
import { ResultCode, type Envelope } from "../schema/envelope";
import type { HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The accounts calls of spec §7 as the browser makes them: which path, which fields, which of
 * them encrypted, and which carry no session (everything before login is `tokenless`). Every
 * method resolves to the server's envelope; what a code means for the screen is decided elsewhere
 * (login-outcome.ts, the pages).
 */

/** The server does not describe the `ipAddress` field; the browser cannot know its public address. */
const UNKNOWN_IP_ADDRESS = "";
const TOKENLESS = { tokenless: true } as const;
/** Codes asked for by someone not (yet) signed in; the others (binding, cancellation) carry the session. */
const PRE_LOGIN_PURPOSES: readonly CodePurposeValue[] = [
  CodePurpose.register,
  CodePurpose.resetPassword,
  CodePurpose.bindAfterScan,
  CodePurpose.codeLogin,
];

export interface PasswordLoginInput {
  account: string;
  password: string;
  captcha: string;
}
export interface CodeLoginInput {
  account: string;
  code: string;
  /** The image captcha, once the server has asked for it (1002). */
  captcha?: string;
}
export interface AccountPasswordInput {
  account: string;
  password: string;
}
export interface CodeAndPasswordInput {
  account: string;
  code: string;
  password: string;
}

export interface AccountClient {
  /** datas.codeBase64: a data: URL; the server binds the answer to an HttpOnly cookie. */
  getCaptcha(): Promise<Envelope<{ codeBase64: string } | null>>;
  /** Code 3002 means the account exists. */
  checkAccount(account: string): Promise<Envelope<unknown>>;
  /** By SMS or e-mail, whichever the account is. */
  sendCode(account: string, purpose: CodePurposeValue): Promise<Envelope<unknown>>;
  loginWithPassword(input: PasswordLoginInput): Promise<Envelope<unknown>>;
  loginWithCode(input: CodeLoginInput): Promise<Envelope<unknown>>;
  /** "下次再说" after 3011: the same credentials, logging in without changing the password now. */
  delayPasswordUpdate(input: AccountPasswordInput): Promise<Envelope<unknown>>;
  sendSecondStepCode(challengeId: string): Promise<Envelope<unknown>>;
  verifySecondStep(input: { challengeId: string; vCode: string }): Promise<Envelope<unknown>>;
  register(input: CodeAndPasswordInput): Promise<Envelope<unknown>>;
  resetPassword(input: CodeAndPasswordInput): Promise<Envelope<unknown>>;
  /** With the session: a first password for an account created by code login. */
  setPassword(password: string): Promise<Envelope<unknown>>;
}

export function createAccountClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): AccountClient {
  return {
    getCaptcha: () => http.get(ACCOUNT_ENDPOINTS.getCodeV2, { time: Date.now() }, TOKENLESS),

    checkAccount: (account) => http.get(ACCOUNT_ENDPOINTS.checkAccount, { account: account.trim() }, TOKENLESS),

    async sendCode(account, purpose) {
      const value = account.trim();
      const kind = accountKind(value);
      // The forms validate first; this only keeps a wrong account from reaching the server.
      if (!kind) return { code: ResultCode.validationFailed, message: LOGIN_ACCOUNT_MESSAGE, datas: null };
      const path = kind === "mobile" ? ACCOUNT_ENDPOINTS.sendPhoneVCode : ACCOUNT_ENDPOINTS.sendEmailVCode;
      return http.get(path, { account: value, type: purpose }, { tokenless: PRE_LOGIN_PURPOSES.includes(purpose) });
    },

    loginWithPassword: ({ account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        http.get(
          ACCOUNT_ENDPOINTS.loginV2,
          {
            encryptAccount: await crypto.encryptText(account.trim()),
            encryptPassword: await crypto.encryptPassword(password),
            vcode: captcha.trim(),
            type: LoginType.password,
            ipAddress: UNKNOWN_IP_ADDRESS,
          },
          TOKENLESS,
        ),
      ),

    loginWithCode: ({ account, code, captcha }) =>
      crypto.sendEncrypted(async () =>
        http.get(
          ACCOUNT_ENDPOINTS.loginV2,
          {
            encryptAccount: await crypto.encryptText(account.trim()),
            loginVcode: code.trim(),
            type: LoginType.code,
            ipAddress: UNKNOWN_IP_ADDRESS,
            ...(captcha === undefined ? {} : { vcode: captcha.trim() }),
          },
          TOKENLESS,
        ),
      ),

    delayPasswordUpdate: ({ account, password }) =>
      crypto.sendEncrypted(async () =>
        http.get(
          ACCOUNT_ENDPOINTS.delaysUpdatePwd,
          {
            encryptAccount: await crypto.encryptText(account.trim()),
            encryptPassword: await crypto.encryptPassword(password),
            ipAddress: UNKNOWN_IP_ADDRESS,
            account: account.trim(),
          },
          TOKENLESS,
        ),
      ),

    sendSecondStepCode: (challengeId) => http.post(ACCOUNT_ENDPOINTS.sendLoginVerifyCode, { challengeId }, TOKENLESS),

    verifySecondStep: ({ challengeId, vCode }) =>
      http.post(ACCOUNT_ENDPOINTS.loginVerify, { challengeId, vCode: vCode.trim() }, TOKENLESS),

    register: ({ account, code, password }) =>
      crypto.sendEncrypted(async () =>
        http.post(
          ACCOUNT_ENDPOINTS.register,
          { account: account.trim(), vCode: code.trim(), encryptPassword: await crypto.encryptPassword(password), agreement: true },
          TOKENLESS,
        ),
      ),

    resetPassword: ({ account, code, password }) =>
      crypto.sendEncrypted(async () =>
        http.post(
          ACCOUNT_ENDPOINTS.resetPassword,
          { account: account.trim(), vCode: code.trim(), encryptPassword: await crypto.encryptPassword(password) },
          TOKENLESS,
        ),
      ),

    setPassword: (password) =>
      crypto.sendEncrypted(async () =>
        http.post(ACCOUNT_ENDPOINTS.setPassword, { encryptPassword: await crypto.encryptPassword(password) }),
      ),
  };
}
