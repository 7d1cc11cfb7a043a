import { z } from "zod";

/**
 * The accounts API contract (spec §3 user session, §7 user calls, §8 login codes), shared by the
 * browser and the server. Paths are relative to /webapi.
 */
export const ACCOUNT_ENDPOINTS = {
  getEncryptPubKey: "/user/v2/getEncryptPubKey",
  getCodeV2: "/user/v2/getCodeV2",
  checkAccount: "/user/v2/checkAccount",
  sendPhoneVCode: "/user/v2/sendPhoneVCode",
  sendEmailVCode: "/user/v2/sendEmailVCode",
  loginV2: "/user/v2/loginV2",
  delaysUpdatePwd: "/user/v2/delaysUpdatePwd",
  /** Second step after code 3012: send the code to the bound phone / e-mail, then verify it. */
  sendLoginVerifyCode: "/user/v2/sendLoginVerifyCode",
  loginVerify: "/user/v2/loginVerify",
  register: "/user/v2/register",
  resetPassword: "/user/v2/resetPassword",
  setPassword: "/user/v2/setPassword",
  getUserInfo: "/user/v2/getUserInfo",
  logout: "/user/v2/logout",
} as const;

/** What a login, notary login or account binding answers about the image captcha (code 1002). */
export const CAPTCHA_MESSAGES = {
  wrong: "图形验证码错误或已过期，请重新输入",
  needed: "该账号近期登录失败较多，请输入图形验证码",
} as const;

/** Business codes of the accounts area (spec §8 where it names them; ours otherwise). */
export const AccountCode = {
  /** checkAccount: the account exists (spec: "3002 = fine"). */
  accountExists: 3002,
  accountNotRegistered: 3001,
  accountAlreadyRegistered: 3003,
  /** Login succeeded but the password should be changed: offer "modify password" / "next time". */
  passwordUpdateDue: 3011,
  /** Login needs a second step: a code sent to the bound phone or e-mail (/user/verificationCode). */
  secondStepRequired: 3012,
  accountLocked: 3014,
  accountDisabled: 3015,
  /** Image captcha wrong, expired or already used: message under the captcha, captcha refreshes. */
  captchaInvalid: 1002,
  verificationCodeInvalid: 1003,
  /** The encrypted fields could not be decrypted, or their timestamp/nonce was stale or reused. */
  encryptedFieldInvalid: 1004,
  sendCodeTooOften: 1005,
  /** The same signed request was sent twice. */
  requestReplayed: 4004,
  /** Scan login: the QR code expired; show a new one. */
  scanExpired: 106,
  /** Scan login: the messaging-app identity has no account yet; open the bind panel. */
  bindRequired: 5025,
  /** Binding: the account or password is wrong (message at the account field). */
  bindAccountInvalid: 421,
  loginFailed: 3010,
} as const;

/**
 * Purposes of a sent verification code (`type` of sendPhoneVCode / sendEmailVCode). Spec §7 fixes
 * 5 (code login, mode 1), 3 (binding after scan login) and the default 1 (registration).
 */
export const CodePurpose = {
  register: 1,
  resetPassword: 2,
  bindAfterScan: 3,
  bindContact: 4,
  codeLogin: 5,
  secondStep: 6,
  cancellation: 7,
} as const;
export type CodePurposeValue = (typeof CodePurpose)[keyof typeof CodePurpose];
export const CodePurposeSchema = z.coerce
  .number()
  .int()
  .refine((value): value is CodePurposeValue => Object.values(CodePurpose).includes(value as CodePurposeValue), {
    error: "验证码用途不正确",
  });

/** loginV2 `type`: 0 password + image captcha, 1 verification code. */
export const LoginType = { password: 0, code: 1 } as const;

/** Account types: 1 personal, 2 organisation, 3 sub-account (spec §6). */
export const AccountType = { personal: 1, organisation: 2, subAccount: 3 } as const;

/** Real-name and organisation verification: 0 none, 1 under review, 2 verified, 3 rejected. */
export const VerificationStatus = { none: 0, pending: 1, verified: 2, rejected: 3 } as const;

/**
 * How the browser encrypts a secret for the server: RSA-OAEP with SHA-256 under the installation's
 * 3072-bit key (WebCrypto), over the UTF-8 JSON `{"v": value, "ts": epochMs, "n": nonce}`, sent
 * as base64. The timestamp and the single-use nonce make a captured ciphertext worthless later.
 * Passwords are MD5-hashed (hex) in the browser first, so `v` is that digest.
 */
export const EncryptedEnvelopeSchema = z.object({
  v: z.string(),
  ts: z.number().int(),
  n: z.string().min(16).max(64),
});
export type EncryptedEnvelope = z.infer<typeof EncryptedEnvelopeSchema>;
export const RSA_OAEP_HASH = "SHA-256";
export const RSA_MODULUS_BITS = 3072;

/** The user as the browser keeps it (spec §3 "User session"), without token and timestamp. */
export const LoginUserSchema = z.object({
  id: z.number().int(),
  loginAccount: z.string().nullable(),
  mobile: z.string().nullable(),
  mail: z.string().nullable(),
  islogin: z.boolean(),
  oauthUserId: z.string().nullable(),
  accountType: z.number().int(),
  istest: z.boolean(),
  userRealName: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  headPortraitPath: z.string().nullable(),
  realNameStatus: z.number().int(),
  enterpriseStatus: z.number().int(),
  hasPassword: z.boolean().describe("验证码注册的账号尚未设置密码"),
});
export type LoginUser = z.infer<typeof LoginUserSchema>;

export const LoginResultSchema = z.object({ loginUser: LoginUserSchema, token: z.string() });
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** datas of code 3012: where the second-step code goes, and the challenge to answer. */
export const SecondStepSchema = z.object({
  challengeId: z.string(),
  channel: z.enum(["mobile", "email"]),
  maskedTarget: z.string().describe("如 138****8000"),
});
export type SecondStep = z.infer<typeof SecondStepSchema>;
