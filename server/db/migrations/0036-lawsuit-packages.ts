import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Litigation packages (issue 19): a passed holder check leaves a download ticket, stored only as
 * the SHA-256 of the ticket (the link is a capability), valid until expires_at; the zip it serves
 * is written under DATA_DIR by the package builder and named by that hash. Each check, passed or
 * not, leaves an attempt row keyed by a hash of the address, for the hourly limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTicketsTable(db);
  await addIdColumn(db, db.schema.createTable("lawsuit_package_attempts"))
    .addColumn("address_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("attempted_at", "bigint", (c) => c.notNull())
    .addColumn("passed", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lawsuit_package_attempts_address").on("lawsuit_package_attempts").columns(["address_hash", "attempted_at"]).execute();
}

/** The tickets' table as this migration made it (0040 moves the tickets to packaging jobs, and back on its way down). */
export async function createTicketsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lawsuit_package_tickets")
    .addColumn("ticket_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("certificate_no", "varchar(40)", (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lawsuit_package_tickets_expiry").on("lawsuit_package_tickets").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lawsuit_package_attempts").execute();
  await db.schema.dropTable("lawsuit_package_tickets").execute();
}
