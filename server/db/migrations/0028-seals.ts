import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The electronic seal (issue 16, modules/seal). `seal_certificates`: every signing certificate the
 * platform CA issued an organisation, with its private key sealed under the seal secret key
 * (AES-256-GCM), kept after renewal so older sealings still name theirs. `seal_configs`: one row per
 * organisation (image, devices, state, current certificate). `sealings`: every sealed PDF, written
 * with its certificate number before the evidence is stored, so a restart finishes a sealing the
 * process died in without storing it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("seal_certificates"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("serial_number", "varchar(64)", (c) => c.notNull())
    .addColumn("certificate_pem", "text", (c) => c.notNull())
    .addColumn("sealed_private_key", "text", (c) => c.notNull())
    .addColumn("not_before", "bigint", (c) => c.notNull())
    .addColumn("not_after", "bigint", (c) => c.notNull())
    .addColumn("fingerprint", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("seal_certificates_serial", ["serial_number"])
    .execute();
  await db.schema.createIndex("seal_certificates_user").on("seal_certificates").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("seal_configs")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("image_source", "varchar(16)", (c) => c.notNull())
    .addColumn("bottom_text", "varchar(64)")
    .addColumn("image_blob", "varchar(64)")
    .addColumn("allowed_device_ids", "text", (c) => c.notNull())
    .addColumn("certificate_id", "integer", (c) => c.references("seal_certificates.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("sealings"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("document_name", "varchar(200)", (c) => c.notNull())
    .addColumn("source", "varchar(16)", (c) => c.notNull())
    .addColumn("source_certificate_no", "varchar(64)")
    .addColumn("pages", "integer", (c) => c.notNull())
    .addColumn("sealed_page", "integer", (c) => c.notNull())
    .addColumn("certificate_id", "integer", (c) => c.notNull().references("seal_certificates.id"))
    .addColumn("certificate_serial", "varchar(64)", (c) => c.notNull())
    .addColumn("signature_info", "text", (c) => c.notNull())
    .addColumn("timestamp", "varchar(8)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("blob_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("evidence_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sealings_user").on("sealings").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("sealings_state").on("sealings").columns(["state"]).execute();
}
