import { z } from "zod";
import { endpoint } from "./contract";
import { AGREEMENT_MESSAGE, CODE_REQUIRED_MESSAGE, LOGIN_ACCOUNT_MESSAGE, PASSWORD_REQUIRED_MESSAGE } from "./credentials";

/**
 * The accounts contract (spec §3 user session, §7 user calls, §8 login codes), shared by the
 * browser and the server: codes, payloads and the endpoints at the end of this file.
 */

/** What a login, notary login or account binding answers about the image captcha (code 1002). */
export const CAPTCHA_MESSAGES = {
  wrong: "图形验证码错误或已过期，请重新输入",
  needed: "该账号近期登录失败较多，请输入图形验证码",
} as const;

/** Login refusals of a disabled account (3015): by its main account or the platform, or its main account by the platform. */
export const ACCOUNT_DISABLED_MESSAGE = "该账号已被停用，请联系主账号或客服";
export const MAIN_ACCOUNT_DISABLED_MESSAGE = "该账号所属的主账号已被停用，请联系客服";

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

/** The image captcha: a data: URL; the server binds the answer to an HttpOnly cookie. */
export const CaptchaImageSchema = z.object({ codeBase64: z.string() });

/** A secret the browser encrypted (EncryptedEnvelopeSchema), as it travels: base64, never empty. */
export const encryptedField = (what: string) => z.string().min(1, `缺少${what}`).max(2048).describe(`${what}（RSA-OAEP 加密后 base64）`);

/** A code as a call carries it (sent by SMS or e-mail, or an image captcha's answer): present, at most 10 characters. */
export const CodeParamSchema = z.string().trim().min(1, CODE_REQUIRED_MESSAGE).max(10);

const TAG = "账号";
/** The account as typed (phone number or e-mail); the service checks which. */
const accountField = z.string().trim().min(1, LOGIN_ACCOUNT_MESSAGE).max(254);
const encryptedPassword = z.string().min(1, PASSWORD_REQUIRED_MESSAGE).max(2048).describe("MD5 后 RSA-OAEP 加密的密码（base64）");
const challengeId = z.string().min(1).max(100);
const SendCodeQuerySchema = z.object({ account: accountField, type: CodePurposeSchema.default(CodePurpose.register) });
const sendCodeSummary = (channel: string) => `发送${channel}验证码：type 1 注册，2 重置密码，3 扫码后绑定，4 绑定手机/邮箱，5 验证码登录，7 注销`;
/** `time` only defeats caches; the browser sends Date.now(). */
const CaptchaQuerySchema = z.object({ time: z.coerce.string().optional() });
const CAPTCHA_SUMMARY = "图形验证码（data: URL），与浏览器的 HttpOnly Cookie 绑定，一次有效，5 分钟过期";
const captchaEndpoint = <Path extends string>(path: Path) =>
  endpoint({ method: "GET", path, input: CaptchaQuerySchema, datas: CaptchaImageSchema, session: "tokenless", tag: TAG, summary: CAPTCHA_SUMMARY });

export const ACCOUNT_ENDPOINTS = {
  getEncryptPubKey: endpoint({
    method: "GET",
    path: "/user/v2/getEncryptPubKey",
    input: z.object({}),
    datas: z.object({ encryptPubKey: z.string() }),
    session: "tokenless",
    tag: TAG,
    summary: "登录加密公钥：3072 位 RSA，SPKI DER 的 base64；RSA-OAEP + SHA-256",
  }),
  /** The login captcha. */
  getCodeV2: captchaEndpoint("/user/v2/getCodeV2"),
  /** The spec also lists getCode under /user without its payload: the same kind of image captcha. */
  getCode: captchaEndpoint("/user/v2/getCode"),
  checkAccount: endpoint({
    method: "GET",
    path: "/user/v2/checkAccount",
    input: z.object({ account: accountField }),
    datas: z.null(),
    session: "tokenless",
    tag: TAG,
    summary: "账号是否已注册：3002 表示已注册，可以登录",
  }),
  /** Codes for a signed-in user's own contacts (binding, cancellation) carry the session; the others need none. */
  sendPhoneVCode: endpoint({
    method: "GET",
    path: "/user/v2/sendPhoneVCode",
    input: SendCodeQuerySchema,
    datas: z.null(),
    session: "optional",
    tag: TAG,
    summary: sendCodeSummary("短信"),
  }),
  sendEmailVCode: endpoint({
    method: "GET",
    path: "/user/v2/sendEmailVCode",
    input: SendCodeQuerySchema,
    datas: z.null(),
    session: "optional",
    tag: TAG,
    summary: sendCodeSummary("邮件"),
  }),
  loginV2: endpoint({
    method: "GET",
    path: "/user/v2/loginV2",
    input: z.object({
      encryptAccount: encryptedField("账号"),
      encryptPassword: encryptedField("密码").optional(),
      vcode: z.string().max(10).optional().describe("图形验证码（type 0 必填；type 1 在服务器以 1002 要求时填写）"),
      loginVcode: z.string().max(10).optional().describe("短信或邮件验证码（type 1）"),
      type: z.coerce.number().int().pipe(z.union([z.literal(LoginType.password), z.literal(LoginType.code)])),
      ipAddress: z.string().max(64).optional().describe("客户端自报地址，仅作记录；限流以服务器所见地址为准"),
    }),
    datas: LoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "登录：type 0 账号 + 密码 + 图形验证码；type 1 账号 + 短信/邮件验证码（该账号近期失败较多时也需图形验证码）",
    description:
      "200 登录成功（并设置常用设备 Cookie hz_device）；3011 建议修改密码（可“下次再说”调用 delaysUpdatePwd）；3012 需要二次验证（datas 为 SecondStep）；1002 图形验证码错误，或验证码登录此时需要图形验证码（extraData.errors.vcode）；3014 失败次数过多暂时锁定。",
  }),
  delaysUpdatePwd: endpoint({
    method: "GET",
    path: "/user/v2/delaysUpdatePwd",
    input: z.object({
      encryptAccount: encryptedField("账号"),
      encryptPassword: encryptedField("密码"),
      ipAddress: z.string().max(64).optional(),
      account: z.string().max(254).optional().describe("账号明文，仅用于显示"),
    }),
    datas: LoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "“下次再说”：在 3011 之后不修改密码继续登录",
  }),
  /** Second step after code 3012: send the code to the bound phone / e-mail, then verify it. */
  sendLoginVerifyCode: endpoint({
    method: "POST",
    path: "/user/v2/sendLoginVerifyCode",
    input: z.object({ challengeId }),
    datas: z.null(),
    session: "tokenless",
    tag: TAG,
    summary: "登录二次验证：向绑定的手机或邮箱发送验证码",
  }),
  loginVerify: endpoint({
    method: "POST",
    path: "/user/v2/loginVerify",
    input: z.object({ challengeId, vCode: z.string().min(1, CODE_REQUIRED_MESSAGE).max(10) }),
    datas: LoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "登录二次验证：提交验证码完成登录",
  }),
  register: endpoint({
    method: "POST",
    path: "/user/v2/register",
    input: z.object({
      account: accountField,
      vCode: CodeParamSchema,
      encryptPassword: encryptedPassword,
      agreement: z.literal(true, { error: AGREEMENT_MESSAGE }),
    }),
    datas: LoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "注册：手机号或邮箱 + 验证码 + 密码；成功后直接登录",
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/user/v2/resetPassword",
    input: z.object({ account: accountField, vCode: CodeParamSchema, encryptPassword: encryptedPassword }),
    datas: z.null(),
    session: "tokenless",
    tag: TAG,
    summary: "重置密码：账号 + 验证码 + 新密码；该账号的所有登录随之失效",
  }),
  setPassword: endpoint({
    method: "POST",
    path: "/user/v2/setPassword",
    input: z.object({ encryptPassword: encryptedPassword }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "为验证码注册、尚无密码的账号设置密码",
  }),
  getUserInfo: endpoint({
    method: "GET",
    path: "/user/v2/getUserInfo",
    input: z.object({ userId: z.coerce.number().int().positive() }),
    datas: z.object({ userInfo: LoginUserSchema }),
    session: "user",
    tag: TAG,
    summary: "当前用户信息（入口参数 u 与 t）",
  }),
  logout: endpoint({
    method: "POST",
    path: "/user/v2/logout",
    input: z.object({ id: z.union([z.string(), z.number()]).describe("当前用户 id") }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "退出登录：结束当前会话",
  }),
};

/**
 * The image captcha of the extraction login: spec §7 lists getCode under /extractEvidence too, and
 * it answers the same captcha as the login's (registered with them in security.routes.ts).
 */
export const EXTRACTION_CAPTCHA_ENDPOINT = captchaEndpoint("/extractEvidence/v2/getCode");
