import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The digital report (issue 17, modules/digital-report). `digital_reports`: every report issued,
 * with the results of its checks (items_json) as they were when it was issued, the checkpoint it
 * checked against and its PDF in the blob store. A row is written (pending, with the certificate
 * number printed in the PDF) before the PDF is stored as evidence, so a restart finishes a report
 * the process died in without storing it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("digital_reports"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("purpose", "text")
    .addColumn("evidence_count", "integer", (c) => c.notNull())
    .addColumn("failed_count", "integer", (c) => c.notNull())
    .addColumn("verdict", "varchar(8)", (c) => c.notNull())
    .addColumn("tree_size", "bigint", (c) => c.notNull())
    .addColumn("root_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("items_json", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("blob_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("evidence_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("digital_reports_user").on("digital_reports").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("digital_reports_state").on("digital_reports").columns(["state"]).execute();
}
