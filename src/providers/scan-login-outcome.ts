import { LOGIN_MODE } from "../schema/credentials";
import { ResultCode, type Envelope } from "../schema/envelope";
import { BindRequiredSchema, ScanCallbackResultSchema, ScanLoginCode } from "../schema/scan-login";
import { decideLoginOutcome, INCOMPLETE_ANSWER_MESSAGE, type LoginStep } from "./login-outcome";

/**
 * What the scan callback's answer means for the screen (spec §4, §8): logged in like any other
 * login (the 200 goes through the login's own decision), bind an account first (5025), or show
 * a new QR code (106). A pure function, so every callback page behaves alike.
 */
export type LoggedInStep = Extract<LoginStep, { kind: "loggedIn" }>;

export type ScanCallbackStep =
  | LoggedInStep
  | { kind: "bindRequired"; oauthUserId: string }
  | { kind: "scanExpired"; message: string }
  | { kind: "failed"; message: string };

export function decideScanCallback(envelope: Envelope<unknown>): ScanCallbackStep {
  switch (envelope.code) {
    case ResultCode.success: {
      const parsed = ScanCallbackResultSchema.safeParse(envelope.datas);
      if (!parsed.success) return { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
      const step = decideLoginOutcome({ ...envelope, datas: parsed.data.loginResult }, LOGIN_MODE.code);
      return step.kind === "loggedIn" ? step : { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
    }
    case ScanLoginCode.bindRequired: {
      const parsed = BindRequiredSchema.safeParse(envelope.datas);
      return parsed.success ? { kind: "bindRequired", oauthUserId: parsed.data.oauthUserId } : { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
    }
    case ScanLoginCode.scanExpired:
      return { kind: "scanExpired", message: envelope.message };
    default:
      return { kind: "failed", message: envelope.message };
  }
}
