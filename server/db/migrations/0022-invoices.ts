import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Invoices (issue 14). `invoice_titles` and `invoice_addresses` are what a customer keeps for
 * applying; an application copies the title and the address it used, so later edits never change
 * it. `invoice_order_links` ties an application to the paid recharge orders it invoices: `holds`
 * is 1 while the application holds the order and null once it let it go (rejected, withdrawn,
 * red-reversed), and the unique (payment_order_id, holds) lets at most one live link exist per
 * order in both databases (NULLs are distinct), so two concurrent applications can never both take
 * one order. `issued_invoices` holds the blue invoice of an application and the red one of its
 * 红冲 (one of each at most), with the stored file's SHA-256, the commitment salt of its ledger
 * entry and where the entry landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("invoice_titles"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("taxpayer_id", "varchar(20)")
    .addColumn("registered_address", "varchar(100)")
    .addColumn("registered_phone", "varchar(30)")
    .addColumn("bank_name", "varchar(50)")
    .addColumn("bank_account", "varchar(30)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_titles_user").on("invoice_titles").columns(["user_id", "updated_at"]).execute();

  await addIdColumn(db, db.schema.createTable("invoice_addresses"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("recipient", "varchar(20)", (c) => c.notNull())
    .addColumn("mobile", "varchar(11)", (c) => c.notNull())
    .addColumn("province", "varchar(6)", (c) => c.notNull())
    .addColumn("city", "varchar(6)", (c) => c.notNull())
    .addColumn("district", "varchar(6)", (c) => c.notNull())
    .addColumn("detail", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_addresses_user").on("invoice_addresses").columns(["user_id", "updated_at"]).execute();

  await addIdColumn(db, db.schema.createTable("invoice_applications"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("invoice_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("title_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("title_name", "varchar(100)", (c) => c.notNull())
    .addColumn("taxpayer_id", "varchar(20)")
    .addColumn("registered_address", "varchar(100)")
    .addColumn("registered_phone", "varchar(30)")
    .addColumn("bank_name", "varchar(50)")
    .addColumn("bank_account", "varchar(30)")
    .addColumn("email", "varchar(100)")
    .addColumn("mailing_address", "varchar(300)")
    .addColumn("remark", "varchar(100)")
    .addColumn("reject_reason", "varchar(300)")
    .addColumn("decided_at", "bigint")
    .addColumn("decided_by", "varchar(64)")
    .addColumn("reverse_reason", "varchar(200)")
    .addColumn("reverse_requested_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_applications_user").on("invoice_applications").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("invoice_applications_state").on("invoice_applications").columns(["state", "created_at"]).execute();

  await addIdColumn(db, db.schema.createTable("invoice_order_links"))
    .addColumn("application_id", "integer", (c) => c.notNull().references("invoice_applications.id"))
    .addColumn("payment_order_id", "integer", (c) => c.notNull())
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    .addColumn("paid_at", "bigint", (c) => c.notNull())
    .addColumn("holds", "integer")
    .addUniqueConstraint("invoice_order_links_live", ["payment_order_id", "holds"])
    .execute();
  await db.schema.createIndex("invoice_order_links_application").on("invoice_order_links").columns(["application_id"]).execute();

  await addIdColumn(db, db.schema.createTable("issued_invoices"))
    .addColumn("application_id", "integer", (c) => c.notNull().references("invoice_applications.id"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("direction", "varchar(8)", (c) => c.notNull())
    .addColumn("invoice_no", "varchar(64)", (c) => c.notNull())
    .addColumn("provider", "varchar(32)", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("file_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("ledger_salt", "varchar(64)", (c) => c.notNull())
    .addColumn("ledger_size_hint", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addColumn("ledger_block", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("issued_invoices_application_direction", ["application_id", "direction"])
    .addUniqueConstraint("issued_invoices_provider_no", ["provider", "invoice_no"])
    .execute();
  await db.schema.createIndex("issued_invoices_user").on("issued_invoices").columns(["user_id", "issued_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("issued_invoices").execute();
  await db.schema.dropTable("invoice_order_links").execute();
  await db.schema.dropTable("invoice_applications").execute();
  await db.schema.dropTable("invoice_addresses").execute();
  await db.schema.dropTable("invoice_titles").execute();
}
