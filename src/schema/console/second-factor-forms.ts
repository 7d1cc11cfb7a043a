import { z } from "zod";
import { textRule } from "../string-rule";
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from "./operator-auth";

/**
 * The console sign-in's second-factor forms as the operator fills them in: the six digits of the
 * authenticator app, or one of the recovery codes handed out at enrolment.
 */
export const TotpCodeFormSchema = z.object({
  code: textRule({ required: "请输入6位动态验证码", invalid: "动态验证码为6位数字", test: TOTP_CODE_PATTERN }),
});

export const RecoveryCodeFormSchema = z.object({
  code: textRule({ required: "请输入恢复码", invalid: "恢复码为8位字母或数字，形如 abcd-1234", test: RECOVERY_CODE_PATTERN }),
});

export type SecondFactorCodeForm = z.infer<typeof TotpCodeFormSchema>;
