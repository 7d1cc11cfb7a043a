import { z } from "zod";
import { IMAGE_CAPTCHA_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import { isEmail, isMobile, isMobileLike } from "./contact";
import { textRule } from "./string-rule";

/** Login and binding forms (spec §2 home page, §4 login states, §5 validation). */

export const LOGIN_ACCOUNT_MESSAGE = "请输入正确的手机号或邮箱";
export const PASSWORD_REQUIRED_MESSAGE = "请输入密码";
export const PASSWORD_FORMAT_MESSAGE = `密码长度为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位，至少包含1个字母和1个数字`;
export const CODE_REQUIRED_MESSAGE = "请输入验证码";
export const CAPTCHA_FORMAT_MESSAGE = "验证码格式错误";
export const AGREEMENT_MESSAGE = "请勾选用户注册协议和隐私协议";

/** Login panel tabs (spec §2): 0 account + password + image captcha, 1 account + code, 2 scan. */
export const LOGIN_MODE = { password: 0, code: 1, scan: 2 } as const;
/** Bind-account panel tabs: 0 bind with password, 1 bind with a verification code. */
export const BIND_MODE = { account: 0, code: 1 } as const;

export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);
export const IMAGE_CAPTCHA_PATTERN = new RegExp(`^[A-Za-z\\d]{${IMAGE_CAPTCHA_LENGTH}}$`);

export const isLoginAccount = (value: string) => isMobile(value) || isEmail(value);

/** Which send-code call an account needs; null when it is neither a phone number nor an e-mail. */
export function accountKind(account: string): "mobile" | "email" | null {
  const value = account.trim();
  if (isMobileLike(value)) return isMobile(value) ? "mobile" : null;
  return isEmail(value) ? "email" : null;
}

export const LoginAccountSchema = textRule({
  required: LOGIN_ACCOUNT_MESSAGE,
  invalid: LOGIN_ACCOUNT_MESSAGE,
  test: isLoginAccount,
});
export const PasswordSchema = textRule({
  required: PASSWORD_REQUIRED_MESSAGE,
  invalid: PASSWORD_FORMAT_MESSAGE,
  test: PASSWORD_PATTERN,
  keepSpaces: true,
});
export const ImageCaptchaSchema = textRule({
  required: CODE_REQUIRED_MESSAGE,
  invalid: CAPTCHA_FORMAT_MESSAGE,
  test: IMAGE_CAPTCHA_PATTERN,
});
/** A code sent by SMS or e-mail: the client only requires it to be present (spec §5). */
export const VerificationCodeSchema = textRule({ required: CODE_REQUIRED_MESSAGE });
/** The checkbox is a boolean in the form; only `true` passes. */
export const AgreementSchema = z.boolean({ error: AGREEMENT_MESSAGE }).refine((ticked) => ticked, {
  error: AGREEMENT_MESSAGE,
});

/** Mode 0: account + password + image captcha. */
export const PasswordLoginFormSchema = z.object({
  userName: LoginAccountSchema,
  passWord: PasswordSchema,
  vCode: ImageCaptchaSchema,
});
export type PasswordLoginForm = z.infer<typeof PasswordLoginFormSchema>;

/** Mode 1: account + code from SMS or e-mail; an unregistered phone number is registered. */
export const CodeLoginFormSchema = z.object({
  userName: LoginAccountSchema,
  vCode: VerificationCodeSchema,
  agreement: AgreementSchema,
});
export type CodeLoginForm = z.infer<typeof CodeLoginFormSchema>;
/**
 * Mode 1 on the login panel: the image captcha is there once the server asks for it (1002: the
 * account failed often lately) and only then checked.
 */
export const CODE_LOGIN_PANEL_SCHEMAS = {
  withoutCaptcha: CodeLoginFormSchema.extend({ captcha: z.string() }),
  withCaptcha: CodeLoginFormSchema.extend({ captcha: ImageCaptchaSchema }),
};
export type CodeLoginPanelForm = z.infer<typeof CODE_LOGIN_PANEL_SCHEMAS.withCaptcha>;

/** Before a code is sent: a valid account and the ticked agreement. */
export const SendCodeFormSchema = z.object({
  userName: LoginAccountSchema,
  agreement: AgreementSchema,
});
export type SendCodeForm = z.infer<typeof SendCodeFormSchema>;

/** Bind tab 0: an existing account by password (the agreement is required for binding, spec §2). */
export const BindAccountFormSchema = PasswordLoginFormSchema.extend({ agreement: AgreementSchema });
export type BindAccountForm = z.infer<typeof BindAccountFormSchema>;

/** Bind tab 1: by verification code; same fields as code login. */
export const BindCodeFormSchema = CodeLoginFormSchema;
export type BindCodeForm = CodeLoginForm;

/**
 * Staff accounts (notary office staff, platform operators) are handed out, not registered, so they
 * are plain names rather than phone numbers: 4-32 letters, digits, "_", "." or "-", starting with a
 * letter or digit. Compared without regard to case, stored in lower case.
 */
export const STAFF_ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$/;
export const STAFF_ACCOUNT_FORMAT_MESSAGE = "账号为4-32位字母、数字、下划线、点或连字符";

/** A staff account field; `required` names whose account it is (请输入公证处账号). */
export function staffAccountRule(required: string) {
  return textRule({ required, invalid: STAFF_ACCOUNT_FORMAT_MESSAGE, test: STAFF_ACCOUNT_PATTERN }).toLowerCase();
}
