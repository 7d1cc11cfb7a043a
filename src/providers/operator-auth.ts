import { AccountCode } from "../schema/account";
import {
  ConsoleCode,
  OperatorLoginResultSchema,
  OperatorProfileSchema,
  OperatorSessionSchema,
  TotpEnrolmentSchema,
  type OperatorProfile,
  type TotpEnrolment,
} from "../schema/console/operator-auth";
import { ResultCode, SESSION_INVALID_CODES, type Envelope } from "../schema/envelope";
import { INCOMPLETE_ANSWER_MESSAGE } from "./login-outcome";
import type { MessageModalOptions } from "./message-modal-store";
import type { OperatorClient, OperatorLoginInput } from "./operator-client";
import type { SessionStore } from "./session-store";

/**
 * Signing operators in and out of the console: the password step, then the second factor (TOTP
 * enrolment on the first sign-in, a code or a recovery code afterwards), as steps the sign-in page
 * follows. What the answers mean is decided here, so it is tested without React.
 */

/** When the five minutes between password and second factor have run out. */
export const PENDING_EXPIRED_MESSAGE = "验证已超时，请重新输入账号和密码";

export type OperatorLoginStep =
  /** The password was right: enrol an authenticator ("enrol") or ask for a code ("verify"). */
  | { kind: "secondFactor"; stage: "enrol" | "verify" }
  /** 1002: the message under the captcha. */
  | { kind: "captchaInvalid"; message: string }
  /** Anything else (3010, 3014, 3103 …): the message as the form's total tip. */
  | { kind: "failed"; message: string };

export type EnrolmentStep = { kind: "ready"; enrolment: TotpEnrolment } | SecondFactorFailure;

export type SecondFactorStep =
  /** Signed in and stored; after an enrolment, the recovery codes to show once. */
  | { kind: "signedIn"; operator: OperatorProfile; recoveryCodes: readonly string[] }
  | SecondFactorFailure;

export type SecondFactorFailure =
  /** 3101 (or a code the server refused as malformed): the message under the code field. */
  | { kind: "codeWrong"; message: string }
  /** The pending session ended: back to the password. */
  | { kind: "expired"; message: string }
  | { kind: "failed"; message: string };

export interface OperatorAuth {
  login(input: OperatorLoginInput): Promise<OperatorLoginStep>;
  /** A new authenticator secret and its QR code (not in force until confirmed). */
  startEnrolment(): Promise<EnrolmentStep>;
  /** The first code of the new authenticator; signs in and hands out the recovery codes. */
  confirmEnrolment(code: string): Promise<SecondFactorStep>;
  /** A code of the authenticator, or a recovery code (used up by this). */
  verify(code: string): Promise<SecondFactorStep>;
  /** Reads who is signed in again (roles may have changed since the sign-in) and stores it. */
  refreshProfile(): Promise<void>;
  /**
   * Ends the session on the server and in the browser. A session the server already considers
   * ended counts as success; any other failure shows the server's message and keeps the session.
   */
  logout(): Promise<boolean>;
}

export interface OperatorAuthOptions {
  client: OperatorClient;
  sessionStore: SessionStore;
  now: () => number;
  showMessage: (options: MessageModalOptions) => void;
}

export function createOperatorAuth({ client, sessionStore, now, showMessage }: OperatorAuthOptions): OperatorAuth {
  function signIn(envelope: Envelope<unknown>): SecondFactorStep {
    const failure = secondFactorFailure(envelope);
    if (failure) return failure;
    const parsed = OperatorSessionSchema.safeParse(envelope.datas);
    if (!parsed.success) return { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
    const { token, operator, recoveryCodes = [] } = parsed.data;
    const time = now();
    sessionStore.clearOperatorPending();
    sessionStore.setOperator({ token, operator, loginTime: time, timestamp: time });
    return { kind: "signedIn", operator, recoveryCodes };
  }

  return {
    async login(input) {
      // A new attempt starts over: an earlier pending token (or operator) is of no use any more.
      sessionStore.clearOperatorPending();
      const envelope = await client.login(input);
      if (envelope.code === AccountCode.captchaInvalid) return { kind: "captchaInvalid", message: envelope.message };
      if (envelope.code !== ResultCode.success) return { kind: "failed", message: envelope.message };
      const parsed = OperatorLoginResultSchema.safeParse(envelope.datas);
      if (!parsed.success) return { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
      sessionStore.setOperatorPending(parsed.data.token);
      return { kind: "secondFactor", stage: parsed.data.secondFactor };
    },

    async startEnrolment() {
      const envelope = await client.totpEnrolment();
      const failure = secondFactorFailure(envelope);
      if (failure) return failure;
      const parsed = TotpEnrolmentSchema.safeParse(envelope.datas);
      return parsed.success ? { kind: "ready", enrolment: parsed.data } : { kind: "failed", message: INCOMPLETE_ANSWER_MESSAGE };
    },

    confirmEnrolment: async (code) => signIn(await client.confirmTotp(code)),
    verify: async (code) => signIn(await client.verifySecondFactor(code)),

    async refreshProfile() {
      const envelope = await client.me();
      const stored = sessionStore.getOperator();
      const parsed = OperatorProfileSchema.safeParse(envelope.datas);
      if (envelope.code === ResultCode.success && parsed.success && stored) sessionStore.setOperator({ ...stored, operator: parsed.data });
    },

    async logout() {
      if (!sessionStore.getOperator()) return true;
      const envelope = await client.logout();
      if (envelope.code === ResultCode.success || SESSION_INVALID_CODES.includes(envelope.code)) {
        sessionStore.clearOperator();
        return true;
      }
      showMessage({ content: envelope.message });
      return false;
    },
  };
}

/** What a failed second-factor call means for the page; null on success. */
function secondFactorFailure(envelope: Envelope<unknown>): SecondFactorFailure | null {
  if (envelope.code === ResultCode.success) return null;
  if (SESSION_INVALID_CODES.includes(envelope.code)) return { kind: "expired", message: PENDING_EXPIRED_MESSAGE };
  if (envelope.code === ConsoleCode.secondFactorWrong) return { kind: "codeWrong", message: envelope.message };
  if (envelope.code === ResultCode.validationFailed) return { kind: "codeWrong", message: fieldMessage(envelope, "code") ?? envelope.message };
  return { kind: "failed", message: envelope.message };
}

function fieldMessage(envelope: Envelope<unknown>, field: string): string | undefined {
  const errors = (envelope.extraData as { errors?: Record<string, unknown> } | undefined)?.errors;
  const message = errors?.[field];
  return typeof message === "string" ? message : undefined;
}
