import type { Kysely, Selectable } from "kysely";
import type { BillingAccountsTable, Database } from "../../db/database.js";

export type BillingAccountRow = Selectable<BillingAccountsTable>;

/** What an account without a row has: nothing is invented for a new account. */
const NO_ACCOUNT = { balance_fen: 0, has_offline_contract: 0 } as const;

export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUserId(userId: number): Promise<Pick<BillingAccountRow, "balance_fen" | "has_offline_contract">> {
    const row = await this.db
      .selectFrom("billing_accounts")
      .select(["balance_fen", "has_offline_contract"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ?? NO_ACCOUNT;
  }

  /**
   * Sets the stored facts of an account. No endpoint calls this yet: recharge (the payment
   * provider) and contract records come with later issues; until then only tests and operators do.
   */
  async save(userId: number, changes: { balanceFen?: number; hasOfflineContract?: boolean }, now: number): Promise<void> {
    const values = {
      ...(changes.balanceFen === undefined ? {} : { balance_fen: changes.balanceFen }),
      ...(changes.hasOfflineContract === undefined ? {} : { has_offline_contract: changes.hasOfflineContract ? 1 : 0 }),
      updated_at: now,
    };
    await this.db
      .insertInto("billing_accounts")
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
      .execute();
  }
}
