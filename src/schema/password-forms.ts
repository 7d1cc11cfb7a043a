import { z } from "zod";
import { AgreementSchema, LoginAccountSchema, PasswordSchema, VerificationCodeSchema } from "./credentials";
import { textRule } from "./string-rule";

/** Forms that choose a new password: registration, reset, first password (spec §2 /user pages). */

export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = "请再次输入密码";
export const PASSWORD_MISMATCH_MESSAGE = "两次输入的密码不一致";

const PasswordPairFields = {
  passWord: PasswordSchema,
  confirmPassword: textRule({ required: CONFIRM_PASSWORD_REQUIRED_MESSAGE, keepSpaces: true }),
};

type PasswordPair = { passWord: string; confirmPassword: string };

/**
 * The two passwords must match; the mismatch shows on the second field. `when` lets the check run
 * while the first password is still malformed, but only once both are there to compare.
 */
export const SetPasswordFormSchema = z.object(PasswordPairFields).refine((form) => form.passWord === form.confirmPassword, {
  error: PASSWORD_MISMATCH_MESSAGE,
  path: ["confirmPassword"],
  when: ({ value }) => {
    // The value is whatever was parsed: null or a string must not throw here.
    const form = (typeof value === "object" && value !== null ? value : {}) as Partial<PasswordPair>;
    return typeof form.passWord === "string" && typeof form.confirmPassword === "string" && form.confirmPassword !== "";
  },
});
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;

/**
 * The pair is checked as its own half of an intersection: the other fields' rules stop their own
 * checks on an empty value (string-rule.ts), and inside one object that would also skip the
 * comparison, so a user who types the passwords before the code would not see a mismatch.
 */
const withPasswordPair = <T extends z.ZodObject>(fields: T) => z.intersection(fields, SetPasswordFormSchema);

export const RegisterFormSchema = withPasswordPair(
  z.object({ userName: LoginAccountSchema, vCode: VerificationCodeSchema, agreement: AgreementSchema }),
);
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const ResetPasswordFormSchema = withPasswordPair(z.object({ userName: LoginAccountSchema, vCode: VerificationCodeSchema }));
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** The second login step: only the code sent to the bound phone or e-mail. */
export const SecondStepFormSchema = z.object({ vCode: VerificationCodeSchema });
export type SecondStepForm = z.infer<typeof SecondStepFormSchema>;
