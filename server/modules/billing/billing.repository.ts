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
   * Records whether the account signed an offline contract and the credit it grants. The balance
   * is not set here: it only moves through the money journal (Billing). No endpoint calls this
   * yet: contract records come with the console's finance pages; until then only tests do.
   */
  async saveContract(userId: number, contract: { hasOfflineContract: boolean; creditLimitFen?: number }, now: number): Promise<void> {
    const values = {
      has_offline_contract: contract.hasOfflineContract ? 1 : 0,
      ...(contract.creditLimitFen === undefined ? {} : { credit_limit_fen: contract.creditLimitFen }),
      updated_at: now,
    };
    await this.db
      .insertInto("billing_accounts")
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
      .execute();
  }
}
