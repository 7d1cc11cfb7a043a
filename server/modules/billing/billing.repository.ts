import type { Kysely, Selectable } from "kysely";
import type { BillingAccountsTable, Database } from "../../db/database.js";

export type BillingAccountRow = Selectable<BillingAccountsTable>;

/** What an account without a row has: nothing is invented for a new account. */
const NO_ACCOUNT = { balance_fen: 0 } as const;

/** The account rows' reads. The balance only moves through the money journal (Billing); credit comes from offline contracts. */
export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUserId(userId: number): Promise<Pick<BillingAccountRow, "balance_fen">> {
    const row = await this.db.selectFrom("billing_accounts").select(["balance_fen"]).where("user_id", "=", userId).executeTakeFirst();
    return row ?? NO_ACCOUNT;
  }
}
