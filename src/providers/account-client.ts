import { ACCOUNT_ENDPOINTS, CodePurpose, LoginType, type CodePurposeValue } from "../schema/account";
import type { EndpointInput } from "../schema/contract";
import { accountKind, LOGIN_ACCOUNT_MESSAGE } from "../schema/credentials";
import { ResultCode } from "../schema/envelope";
import { callEndpoint, type EndpointEnvelope, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The accounts calls of spec §7 as the browser makes them: which endpoint, which fields, and which
 * of them encrypted; the session each carries comes from its endpoint (src/schema/account.ts). Every
 * method resolves to the server's envelope; what a code means for the screen is decided elsewhere
 * (login-outcome.ts, the pages).
 */

/** The server does not describe the `ipAddress` field; the browser cannot know its public address. */
const UNKNOWN_IP_ADDRESS = "";
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
  getCaptcha(): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.getCodeV2>>;
  /** Code 3002 means the account exists. */
  checkAccount(account: string): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.checkAccount>>;
  /** By SMS or e-mail, whichever the account is. */
  sendCode(account: string, purpose: CodePurposeValue): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.sendPhoneVCode>>;
  loginWithPassword(input: PasswordLoginInput): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.loginV2>>;
  loginWithCode(input: CodeLoginInput): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.loginV2>>;
  /** "下次再说" after 3011: the same credentials, logging in without changing the password now. */
  delayPasswordUpdate(input: AccountPasswordInput): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.delaysUpdatePwd>>;
  sendSecondStepCode(challengeId: string): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.sendLoginVerifyCode>>;
  verifySecondStep(input: EndpointInput<typeof ACCOUNT_ENDPOINTS.loginVerify>): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.loginVerify>>;
  register(input: CodeAndPasswordInput): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.register>>;
  resetPassword(input: CodeAndPasswordInput): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.resetPassword>>;
  /** With the session: a first password for an account created by code login. */
  setPassword(password: string): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.setPassword>>;
}

/**
 * A verification code by SMS or e-mail, whichever the account is. Codes for someone not yet
 * signed in go without the session; those for a signed-in user's own contacts carry it.
 */
export function sendVerificationCode(http: HttpClient, account: string, purpose: CodePurposeValue): Promise<EndpointEnvelope<typeof ACCOUNT_ENDPOINTS.sendPhoneVCode>> {
  const value = account.trim();
  const kind = accountKind(value);
  // The forms validate first; this only keeps a wrong account from reaching the server.
  if (!kind) return Promise.resolve({ code: ResultCode.validationFailed, message: LOGIN_ACCOUNT_MESSAGE, datas: null });
  const target = kind === "mobile" ? ACCOUNT_ENDPOINTS.sendPhoneVCode : ACCOUNT_ENDPOINTS.sendEmailVCode;
  return callEndpoint(http, target, { account: value, type: purpose }, { tokenless: PRE_LOGIN_PURPOSES.includes(purpose) });
}

export function createAccountClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): AccountClient {
  return {
    getCaptcha: () => callEndpoint(http, ACCOUNT_ENDPOINTS.getCodeV2, { time: Date.now() }),

    checkAccount: (account) => callEndpoint(http, ACCOUNT_ENDPOINTS.checkAccount, { account: account.trim() }),

    sendCode: (account, purpose) => sendVerificationCode(http, account, purpose),

    loginWithPassword: ({ account, password, captcha }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ACCOUNT_ENDPOINTS.loginV2, {
          encryptAccount: await crypto.encryptText(account.trim()),
          encryptPassword: await crypto.encryptPassword(password),
          vcode: captcha.trim(),
          type: LoginType.password,
          ipAddress: UNKNOWN_IP_ADDRESS,
        }),
      ),

    loginWithCode: ({ account, code, captcha }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ACCOUNT_ENDPOINTS.loginV2, {
          encryptAccount: await crypto.encryptText(account.trim()),
          loginVcode: code.trim(),
          type: LoginType.code,
          ipAddress: UNKNOWN_IP_ADDRESS,
          ...(captcha === undefined ? {} : { vcode: captcha.trim() }),
        }),
      ),

    delayPasswordUpdate: ({ account, password }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ACCOUNT_ENDPOINTS.delaysUpdatePwd, {
          encryptAccount: await crypto.encryptText(account.trim()),
          encryptPassword: await crypto.encryptPassword(password),
          ipAddress: UNKNOWN_IP_ADDRESS,
          account: account.trim(),
        }),
      ),

    sendSecondStepCode: (challengeId) => callEndpoint(http, ACCOUNT_ENDPOINTS.sendLoginVerifyCode, { challengeId }),

    verifySecondStep: ({ challengeId, vCode }) => callEndpoint(http, ACCOUNT_ENDPOINTS.loginVerify, { challengeId, vCode: vCode.trim() }),

    register: ({ account, code, password }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ACCOUNT_ENDPOINTS.register, {
          account: account.trim(),
          vCode: code.trim(),
          encryptPassword: await crypto.encryptPassword(password),
          agreement: true,
        }),
      ),

    resetPassword: ({ account, code, password }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ACCOUNT_ENDPOINTS.resetPassword, { account: account.trim(), vCode: code.trim(), encryptPassword: await crypto.encryptPassword(password) }),
      ),

    setPassword: (password) =>
      crypto.sendEncrypted(async () => callEndpoint(http, ACCOUNT_ENDPOINTS.setPassword, { encryptPassword: await crypto.encryptPassword(password) })),
  };
}
