import { AccountCode, LoginResultSchema, SecondStepSchema, type LoginResult, type SecondStep } from "../schema/account";
import { LOGIN_MODE } from "../schema/credentials";
import { ResultCode, type Envelope } from "../schema/envelope";

/**
 * The login codes of spec §8 as a pure function: what the screen does next with the answer of
 * loginV2, delaysUpdatePwd, loginVerify or register. Every way into an account ends here, so they
 * all behave alike.
 */

/** Password login (0) has an image captcha and a self-hiding tip; every other way behaves like code login (1). */
export type LoginMode = typeof LOGIN_MODE.password | typeof LOGIN_MODE.code;

export type LoginStep =
  /** Store the session; go on to the post-login path only when `islogin` is true. */
  | { kind: "loggedIn"; result: LoginResult; shouldRedirect: boolean }
  /** 3011: ask whether to change the password now or continue through delaysUpdatePwd. */
  | { kind: "passwordUpdateDue"; message: string }
  /** 3012: keep the challenge and go to /user/verificationCode. */
  | { kind: "secondStep"; challenge: SecondStep }
  /** 1002: the message under the captcha (shown in code login from now on); the captcha reloads. */
  | { kind: "captchaInvalid"; message: string }
  /** Anything else: the message as the form's total tip. */
  | { kind: "failed"; code: number; message: string; autoHideTip: boolean; reloadCaptcha: boolean };

export const INCOMPLETE_ANSWER_MESSAGE = "登录信息不完整，请稍后重试";

export function decideLoginOutcome(envelope: Envelope<unknown>, mode: LoginMode): LoginStep {
  const isPasswordMode = mode === LOGIN_MODE.password;
  const fail = (code: number, message: string): LoginStep => ({
    kind: "failed",
    code,
    message,
    autoHideTip: isPasswordMode,
    // Each captcha is single-use on the server, so any failed password attempt needs a new one.
    reloadCaptcha: isPasswordMode,
  });

  switch (envelope.code) {
    case ResultCode.success: {
      const parsed = LoginResultSchema.safeParse(envelope.datas);
      if (!parsed.success) return fail(ResultCode.serverError, INCOMPLETE_ANSWER_MESSAGE);
      return { kind: "loggedIn", result: parsed.data, shouldRedirect: parsed.data.loginUser.islogin };
    }
    case AccountCode.passwordUpdateDue:
      return { kind: "passwordUpdateDue", message: envelope.message };
    case AccountCode.secondStepRequired: {
      const parsed = SecondStepSchema.safeParse(envelope.datas);
      return parsed.success ? { kind: "secondStep", challenge: parsed.data } : fail(ResultCode.serverError, INCOMPLETE_ANSWER_MESSAGE);
    }
    // Password login always has the captcha; code login shows it when the server asks (an account
    // that failed often lately). Either way the message goes under it.
    case AccountCode.captchaInvalid:
      return { kind: "captchaInvalid", message: envelope.message };
    default:
      return fail(envelope.code, envelope.message);
  }
}
