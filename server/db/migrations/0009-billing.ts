import type { Kysely } from "kysely";

/**
 * Billing: one row per account that has ever had money or a contract. An account without a row
 * has a balance of 0 and no offline contract, so registering an account writes nothing here.
 * Money is integer fen (DESIGN.md §8); a balance may go negative (spec §4 shows a negative balance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("billing_accounts")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("balance_fen", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("has_offline_contract", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("billing_accounts").execute();
}
