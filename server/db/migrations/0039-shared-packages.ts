import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * What several processes must share (issue 20). Evidence packages: one row per packaging job, run
 * through the row queue (server/jobs), its progress written as it goes, the finished ZIP a
 * scratch file of the blob store named by job_key, both deleted once expires_at has passed. The
 * development cashier's attempts and refunds, so any process can show, decide and query an order
 * another one opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("evidence_packages"))
    .addColumn("job_key", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("owner", "varchar(100)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("items_json", "text", (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull())
    .addColumn("units_total", "bigint", (c) => c.notNull())
    .addColumn("units_done", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("size", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("run_started_at", "bigint")
    .addColumn("finished_at", "bigint")
    .addColumn("expires_at", "bigint")
    .execute();
  await db.schema.createIndex("evidence_packages_state").on("evidence_packages").columns(["state", "id"]).execute();
  await db.schema.createIndex("evidence_packages_owner").on("evidence_packages").columns(["owner", "state"]).execute();
  await db.schema.createIndex("evidence_packages_expiry").on("evidence_packages").column("expires_at").execute();

  await db.schema
    .createTable("development_cashier_attempts")
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.primaryKey())
    .addColumn("request_json", "text", (c) => c.notNull())
    .addColumn("provider_trade_no", "varchar(64)", (c) => c.notNull())
    .addColumn("outcome", "varchar(16)", (c) => c.notNull())
    .addColumn("taken_fen", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("development_cashier_refunds")
    .addColumn("merchant_order_no", "varchar(64)", (c) => c.notNull())
    .addColumn("refund_no", "varchar(64)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("provider_refund_no", "varchar(64)")
    .addColumn("refund_fen", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("development_cashier_refunds_pk", ["merchant_order_no", "refund_no"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("development_cashier_refunds").execute();
  await db.schema.dropTable("development_cashier_attempts").execute();
  await db.schema.dropTable("evidence_packages").execute();
}
