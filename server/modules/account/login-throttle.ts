import { AccountCode } from "../../../src/schema/account.js";
import { BusinessError } from "../../http/envelope.js";
import type { LoginAttemptCounters, Reservation } from "./login-attempt-counters.js";

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures on one account from one source (an address, or a known device) before that source is shut out of it for the rest of the window. */
  perSource: 5,
  /** Failures from one address across accounts (password spraying). */
  perAddress: 20,
  /** Failures on one account from unknown sources after which every attempt from an unknown source needs the image captcha (code login too). */
  captchaAfter: 3,
  /** Failures on one account from unknown sources after which their password logins wait out the window; known devices and fresh codes still pass. */
  perAccount: 10,
} as const;

/**
 * Who is trying: the account as typed, the address, and this browser's known-device id for the
 * account (known-device.ts) when it has one. `kind` says what is being proven: a password typed
 * on the login screens, a code sent to the account's own phone or mailbox, or a password re-typed
 * inside a signed-in session.
 */
export type LoginSource = {
  accountKey: string;
  ip: string;
  device: string | null;
  kind: "password" | "code" | "session";
};

/** One attempt in progress: its reservations are failures unless it succeeds or is abandoned. */
export class LoginAttempt {
  #hasFailed = false;

  constructor(
    readonly reservations: readonly Reservation[],
    /** The unknown source's account has failed often lately: prove a person is there first. */
    readonly isCaptchaRequired: boolean,
    /** The key a success forgives: this source's failures on this account. */
    readonly sourceKey: string,
  ) {}

  /** The credential was wrong: the attempt stays counted. */
  fail(): void {
    this.#hasFailed = true;
  }

  get hasFailed(): boolean {
    return this.#hasFailed;
  }
}

type Limit = { key: string; max?: number; scope: "account" | "source" | "address" };

/**
 * Failed-login throttling that an attacker cannot turn against the account's owner (OWASP
 * Authentication Cheat Sheet, "Account Lockout"; "Slow Down Online Guessing Attacks with Device
 * Cookies"). Failures are counted per account and source: an address, or a device that has logged
 * in to the account before. A source that keeps failing is shut out of that account, an address
 * that fails across accounts is shut out of all; the account as a whole only ever demands the
 * image captcha of unknown sources, and after many failures stops unknown sources' passwords for
 * the window. The owner's known device counts only its own failures, and a code sent to the
 * owner's phone or mailbox is never stopped by the account's count (each code allows five tries
 * and codes are limited per day, so guessing one is hopeless anyway).
 *
 * Each attempt reserves its counts before the credential is checked and gives them back unless it
 * failed, so attempts sent at once cannot all pass a limit together (login_attempt_counters).
 */
export class LoginThrottle {
  constructor(
    private readonly attempts: LoginAttemptCounters,
    private readonly now: () => number,
  ) {}

  /**
   * Runs `check` as one attempt of `source`: refused with 3014 when a limit is reached; counted as
   * a failure when `check` calls `attempt.fail()`; forgiven for this source when it succeeds;
   * given back when it stops for another reason (a wrong captcha, a disabled account).
   */
  async attempt<T>(source: LoginSource, check: (attempt: LoginAttempt) => Promise<T>): Promise<T> {
    const attempt = await this.begin(source);
    let result: T;
    try {
      result = await check(attempt);
    } catch (error) {
      if (!attempt.hasFailed) await this.giveBack(attempt.reservations);
      throw error;
    }
    await this.giveBack(attempt.reservations);
    await this.attempts.forget(attempt.sourceKey);
    return result;
  }

  private async begin(source: LoginSource): Promise<LoginAttempt> {
    const now = this.now();
    const limits = limitsFor(source);
    const reservations = await Promise.all(limits.map((limit) => this.attempts.reserve(limit.key, now, THROTTLE.windowMs)));
    const reached = limits.findIndex((limit, index) => limit.max !== undefined && reservations[index].count > limit.max);
    if (reached >= 0) {
      await this.giveBack(reservations);
      throw lockedFor(limits[reached].scope, reservations[reached].windowStart + THROTTLE.windowMs - now);
    }
    const account = limits.findIndex((limit) => limit.scope === "account");
    // The count includes this attempt; the captcha is due once earlier ones reached the mark.
    const isCaptchaRequired = account >= 0 && reservations[account].count - 1 >= THROTTLE.captchaAfter;
    return new LoginAttempt(reservations, isCaptchaRequired, limits.find((limit) => limit.scope === "source")!.key);
  }

  private async giveBack(reservations: readonly Reservation[]): Promise<void> {
    await Promise.all(reservations.map((reservation) => this.attempts.release(reservation)));
  }
}

/** The counts an attempt takes part in; a newline cannot occur in an account or an address. */
function limitsFor(source: LoginSource): Limit[] {
  if (source.device) return [{ key: `d:${source.accountKey}\n${source.device}`, max: THROTTLE.perSource, scope: "source" }];
  const limits: Limit[] = [
    { key: `s:${source.accountKey}\n${source.ip}`, max: THROTTLE.perSource, scope: "source" },
    { key: `i:${source.ip}`, max: THROTTLE.perAddress, scope: "address" },
  ];
  // A signed-in user re-typing a password is no sign of an attack on the account.
  if (source.kind !== "session") {
    limits.push({ key: `a:${source.accountKey}`, max: source.kind === "password" ? THROTTLE.perAccount : undefined, scope: "account" });
  }
  return limits;
}

function lockedFor(scope: Limit["scope"], remainingMs: number): BusinessError {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  const message =
    scope === "account"
      ? `该账号登录失败次数过多，请${minutes}分钟后再试；在此前成功登录过的设备上登录不受影响`
      : `登录失败次数过多，请${minutes}分钟后再试`;
  return new BusinessError(AccountCode.accountLocked, message);
}
