import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Web evidence capture (issue 15). `captures` (modules/capture) is one page to capture and also
 * the capture queue: the queued rows, oldest first, are the work waiting for a browser. The package
 * is a file under DATA_DIR while it awaits sealing or review; once sealed it is a blob and an
 * evidence record. `package_unit_reservations` (modules/purchase) holds one unit of package 30001
 * or of a bundle's snapshots for a service until it is settled, released or expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("package_unit_reservations"))
    // The main account whose units these are, and the account (perhaps a sub-account) that used one.
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("acting_user_id", "integer", (c) => c.notNull())
    .addColumn("source", "varchar(16)", (c) => c.notNull())
    .addColumn("product_code", "varchar(32)")
    .addColumn("bundle_id", "integer", (c) => c.references("customer_bundles.id"))
    .addColumn("service", "varchar(32)", (c) => c.notNull())
    .addColumn("reference", "varchar(128)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("package_unit_reservations_reference", ["service", "reference"])
    .execute();
  await db.schema.createIndex("package_unit_reservations_bundle").on("package_unit_reservations").columns(["bundle_id", "state"]).execute();
  await db.schema.createIndex("package_unit_reservations_expiry").on("package_unit_reservations").columns(["state", "expires_at"]).execute();

  await addIdColumn(db, db.schema.createTable("captures"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("target", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("purpose", "text")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("final_url", "text")
    .addColumn("title", "text")
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("stage", "varchar(16)", (c) => c.notNull())
    .addColumn("failure_code", "varchar(32)")
    .addColumn("failure_detail", "text")
    .addColumn("qa_json", "text")
    .addColumn("qa_accepted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provenance_json", "text")
    .addColumn("files_json", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // Each reservation of a unit for this capture (the first, then one per holder's retry after a failure).
    .addColumn("charge_round", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unit_reservation_id", "integer", (c) => c.references("package_unit_reservations.id"))
    .addColumn("charged_to", "varchar(16)", (c) => c.notNull())
    // The WACZ while it awaits sealing or review (a file below DATA_DIR), then its blob once sealed.
    .addColumn("package_path", "text")
    .addColumn("package_sha256", "varchar(64)")
    .addColumn("package_sm3", "varchar(64)")
    .addColumn("package_bytes", "bigint")
    .addColumn("manifest_sha256", "varchar(64)")
    .addColumn("package_blob", "varchar(64)")
    // Chosen before sealing starts, so a seal interrupted after the evidence was stored finds it again.
    .addColumn("certificate_no", "varchar(64)")
    .addColumn("evidence_id", "integer")
    // The web rights record's facts (target rightsWeb), JSON.
    .addColumn("rights_json", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("ended_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captures_holder").on("captures").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("captures_queue").on("captures").columns(["state", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("captures").execute();
  await db.schema.dropTable("package_unit_reservations").execute();
}
