import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Recharge through a payment provider (issue 14): one row per payment attempt, whose state follows
 * the machine in src/schema/payment.ts, and one row per distinct provider notification, so a
 * duplicate or replayed notification is recognised and never credits twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("payment_orders"))
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("sub_account_id", "integer")
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("provider_trade_no", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("paid_at", "bigint")
    .addColumn("closed_at", "bigint")
    .execute();
  await db.schema.createIndex("payment_orders_user").on("payment_orders").columns(["user_id", "created_at"]).execute();

  await addIdColumn(db, db.schema.createTable("payment_notifications"))
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("notification_key", "varchar(128)", (c) => c.notNull())
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("outcome", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("payment_notifications_provider_key", ["provider", "notification_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_notifications").execute();
  await db.schema.dropTable("payment_orders").execute();
}
