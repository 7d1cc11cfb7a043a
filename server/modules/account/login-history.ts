import { LOGIN_HISTORY_RETENTION_MS, truncateUserAgent, type LoginOrigin, type LoginOutcomeKind } from "../../../src/schema/login-history.js";
import type { LoginHistoryRepository, LoginHistoryRow } from "./login-history.repository.js";

/**
 * An account's logins (src/schema/login-history.ts): written by the login paths, read by the
 * console's customer page, kept 180 days. Nothing secret is kept: no account as typed, no password,
 * no token, only who (an existing account), when, how, from where and what came of it.
 */
export class LoginHistory {
  constructor(
    private readonly repository: LoginHistoryRepository,
    private readonly now: () => number,
  ) {}

  async record(userId: number, origin: LoginOrigin, outcome: LoginOutcomeKind): Promise<void> {
    await this.repository.insert({
      user_id: userId,
      at: this.now(),
      method: origin.method,
      outcome,
      ip: origin.ip,
      user_agent: truncateUserAgent(origin.userAgent),
    });
  }

  newestOf(userId: number, limit: number): Promise<LoginHistoryRow[]> {
    return this.repository.newestOf(userId, limit);
  }

  /** Forgets what is older than the retention period (housekeeping). */
  purgeExpired(): Promise<number> {
    return this.repository.deleteBefore(this.now() - LOGIN_HISTORY_RETENTION_MS);
  }
}
