import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Refunds of money a provider took and no balance received (a payment after we closed the
 * attempt, or of another amount): one row per payment attempt, so a duplicate notification finds
 * the refund already recorded. `state` moves only by src/schema/payment-refund.ts; refund_no is the
 * number the provider deduplicates by, renewed when a failed refund is asked again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("payment_refunds"))
    .addColumn("refund_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("reason", "varchar(32)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_refund_no", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("refunded_at", "bigint")
    .execute();
  await db.schema.createIndex("payment_refunds_state").on("payment_refunds").columns(["state", "updated_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_refunds").execute();
}
