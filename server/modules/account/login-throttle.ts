import type { Kysely } from "kysely";
import { AccountCode } from "../../../src/schema/account.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failed logins on one account within the window before it is locked for the rest of it. */
  perAccount: 5,
  /** Failed logins from one address within the window, across accounts (password spraying). */
  perIp: 20,
} as const;

/**
 * Counts failed logins per account and per IP in the database (so every replica sees them) and
 * refuses further tries for a while once either limit is reached.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async assertAllowed(accountKey: string, ip: string): Promise<void> {
    const since = this.now() - THROTTLE.windowMs;
    const [byAccount, byIp] = await Promise.all([
      this.countSince("account_key", accountKey, since),
      this.countSince("ip", ip, since),
    ]);
    if (byAccount.count >= THROTTLE.perAccount || byIp.count >= THROTTLE.perIp) {
      const oldest = byAccount.count >= THROTTLE.perAccount ? byAccount.oldest : byIp.oldest;
      const minutes = Math.max(1, Math.ceil((oldest + THROTTLE.windowMs - this.now()) / 60000));
      throw new BusinessError(AccountCode.accountLocked, `登录失败次数过多，请${minutes}分钟后再试`);
    }
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    await this.db.insertInto("login_failures").values({ account_key: accountKey, ip, failed_at: this.now() }).execute();
  }

  /** A successful login forgives the account's earlier failures (not the address's). */
  async clearAccount(accountKey: string): Promise<void> {
    await this.db.deleteFrom("login_failures").where("account_key", "=", accountKey).execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom("login_failures").where("failed_at", "<", this.now() - THROTTLE.windowMs).execute();
  }

  private async countSince(column: "account_key" | "ip", value: string, since: number) {
    const row = await this.db
      .selectFrom("login_failures")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("failed_at").as("oldest")])
      .where(column, "=", value)
      .where("failed_at", ">=", since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: Number(row.oldest ?? this.now()) };
  }
}
