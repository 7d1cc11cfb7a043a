import { z } from "zod";
import { encryptedField } from "../account";
import { endpoint } from "../contract";
import { ImageCaptchaSchema, PasswordSchema, staffAccountRule } from "../credentials";
import { textRule } from "../string-rule";
import { OPERATOR_ROLE_KEYS, type ConsolePermission } from "./permissions";

/**
 * The operator console's sign-in (DESIGN.md §5; not in the spec, which describes only customers and
 * notaries): account and password as the notary login sends them, then a second factor, TOTP
 * (RFC 6238) enrolled by QR code on the first login, or a one-time recovery code. The password
 * step hands out a short "operatorPending" session that only the second-factor calls accept; the
 * second factor exchanges it for the operator session (15 minutes idle, 8 hours at most).
 */

export const ConsoleCode = {
  /** The operator's roles do not grant the call's permission. */
  forbidden: 3100,
  /** The TOTP code or recovery code is wrong, expired or already used. */
  secondFactorWrong: 3101,
  /** Enrolment asked of an operator who has a second factor, or a code of one who has none yet. */
  secondFactorStage: 3102,
  /** The operator's account is disabled. */
  operatorDisabled: 3103,
} as const;

export const CONSOLE_MESSAGES = {
  forbidden: "您的角色无权进行此操作，如需开通请联系管理员",
  secondFactorWrong: "动态验证码错误或已过期，请重新输入",
  operatorDisabled: "该操作员账号已停用，请联系管理员",
  wrongCredentials: "账号或密码错误",
} as const;

/** Operator accounts: the staff account rule (handed out, never registered). */
export const OperatorAccountSchema = staffAccountRule("请输入操作员账号");
export const OPERATOR_NAME_MAX_LENGTH = 30;
export const OperatorNameSchema = textRule({ required: "请输入操作员姓名" }).max(OPERATOR_NAME_MAX_LENGTH, {
  error: `姓名不能超过${OPERATOR_NAME_MAX_LENGTH}个字符`,
});
export const OperatorRoleSchema = z.enum(OPERATOR_ROLE_KEYS, { error: "请选择角色" });
export const OperatorRolesSchema = z.array(OperatorRoleSchema).min(1, "请至少选择一个角色");

/** The console login form as the operator fills it in. */
export const OperatorLoginFormSchema = z.object({
  account: OperatorAccountSchema,
  password: PasswordSchema,
  vCode: ImageCaptchaSchema,
});
export type OperatorLoginForm = z.infer<typeof OperatorLoginFormSchema>;

/** Six digits of the authenticator app, or a recovery code (xxxx-xxxx, case and hyphen free). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;
export const RECOVERY_CODE_COUNT = 10;
export const SecondFactorCodeSchema = textRule({
  required: "请输入动态验证码",
  invalid: "请输入6位动态验证码或恢复码",
  test: (value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value),
});

/** An operator as the console knows them: who, which roles, and what those roles allow. */
export const OperatorProfileSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  permissions: z.array(z.string() as z.ZodType<ConsolePermission>),
});
export type OperatorProfile = z.infer<typeof OperatorProfileSchema>;

export const OperatorLoginResultSchema = z.object({
  /** The pending session's token: accepted only by the second-factor calls, for 5 minutes. */
  token: z.string(),
  /** "enrol": no authenticator yet, show the QR code; "verify": ask for a code. */
  secondFactor: z.enum(["enrol", "verify"]),
});
export type OperatorLoginResult = z.infer<typeof OperatorLoginResultSchema>;

export const TotpEnrolmentSchema = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth://totp/… URI the QR code carries. */
  otpauthUri: z.string(),
  /** PNG data: URL of the QR code. */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const OperatorSessionSchema = z.object({
  token: z.string(),
  operator: OperatorProfileSchema,
  /** Only when enrolment completes: shown once, stored only as hashes. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

const TAG = "运营后台·登录";

export const OPERATOR_AUTH_ENDPOINTS = {
  login: endpoint({
    method: "POST",
    path: "/console/v2/login",
    input: z.object({
      encryptAccount: encryptedField("账号"),
      encryptPassword: encryptedField("密码"),
      vcode: z.string().max(10).optional().describe("图形验证码"),
    }),
    datas: OperatorLoginResultSchema,
    session: "tokenless",
    tag: TAG,
    summary: "操作员登录第一步：账号 + 密码（MD5 后 RSA-OAEP 加密）+ 图形验证码；答复待二次验证的临时会话",
    description: "200 通过，继续二次验证；1002 图形验证码错误；3010 账号或密码错误；3014 失败次数过多暂时锁定；3103 账号已停用。",
  }),
  totpEnrolment: endpoint({
    method: "POST",
    path: "/console/v2/totpEnrolment",
    input: z.object({}),
    datas: TotpEnrolmentSchema,
    session: "operatorPending",
    tag: TAG,
    summary: "首次登录：生成身份验证器密钥与二维码（尚未生效，确认后生效）",
    description: "3102 该操作员已绑定身份验证器。",
  }),
  confirmTotp: endpoint({
    method: "POST",
    path: "/console/v2/confirmTotp",
    input: z.object({ code: z.string().regex(TOTP_CODE_PATTERN, "请输入6位动态验证码") }),
    datas: OperatorSessionSchema,
    session: "operatorPending",
    tag: TAG,
    summary: "确认绑定：以身份验证器的 6 位动态码确认，答复操作员会话与一次性恢复码",
    description: "3101 动态验证码错误；3102 尚未生成密钥或已绑定。",
  }),
  verifySecondFactor: endpoint({
    method: "POST",
    path: "/console/v2/verifySecondFactor",
    input: z.object({ code: SecondFactorCodeSchema }),
    datas: OperatorSessionSchema,
    session: "operatorPending",
    tag: TAG,
    summary: "二次验证：6 位动态码或一次性恢复码（用过即失效），答复操作员会话",
    description: "3101 动态验证码错误、已过期或恢复码已使用；3102 尚未绑定身份验证器。",
  }),
  me: endpoint({
    method: "GET",
    path: "/console/v2/me",
    input: z.object({}),
    datas: OperatorProfileSchema,
    session: "operator",
    permission: "signedIn",
    tag: TAG,
    summary: "当前操作员：账号、姓名、角色与权限",
  }),
  logout: endpoint({
    method: "POST",
    path: "/console/v2/logout",
    input: z.object({}),
    datas: z.null(),
    session: "operator",
    permission: "signedIn",
    tag: TAG,
    summary: "操作员退出登录",
  }),
};

/** A new operator as the CLI and the operators page create them. */
export const NewOperatorSchema = z.object({
  account: OperatorAccountSchema,
  name: OperatorNameSchema,
  password: PasswordSchema,
  roles: OperatorRolesSchema,
});
export type NewOperator = z.infer<typeof NewOperatorSchema>;
