import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Judicial appraisal (issue 17, modules/judicial-expert). `appraisal_institutions`: the
 * institutions the platform works with, kept by operators; `appraisal_experts`: the user accounts
 * attached to one of them (an account belongs to one institution at most). `appraisal_commissions`:
 * one commission, its state moved only by COMMISSION_LIFECYCLE, its fee a billing reservation, its
 * opinion (once uploaded) written here first and then stored as evidence, so a process killed in
 * between finishes it under the same certificate number at the next start.
 * `appraisal_commission_evidence`: what was commissioned, frozen at commission time;
 * `appraisal_commission_events`: the timeline, one row per state change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("appraisal_institutions"))
    .addColumn("name", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("license_no", "varchar(40)", (c) => c.notNull())
    .addColumn("region", "varchar(40)", (c) => c.notNull())
    .addColumn("address", "varchar(120)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("introduction", "text", (c) => c.notNull())
    .addColumn("accepts_commissions", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("appraisal_experts")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("appraisal_institutions.id"))
    .addColumn("name", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appraisal_experts_institution").on("appraisal_experts").columns(["institution_id"]).execute();

  await addIdColumn(db, db.schema.createTable("appraisal_commissions"))
    .addColumn("commission_no", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("appraisal_institutions.id"))
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("applicant_name", "varchar(120)", (c) => c.notNull())
    .addColumn("matters", "text", (c) => c.notNull())
    .addColumn("contact_name", "varchar(30)", (c) => c.notNull())
    .addColumn("contact_mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("contact_email", "varchar(120)")
    .addColumn("evidence_count", "integer", (c) => c.notNull())
    .addColumn("fee_fen", "bigint")
    .addColumn("expected_days", "integer")
    .addColumn("reservation_id", "integer")
    .addColumn("decline_reason", "text")
    .addColumn("opinion_certificate_no", "varchar(64)")
    .addColumn("opinion_file_name", "varchar(200)")
    .addColumn("opinion_size", "bigint")
    .addColumn("opinion_sha256", "varchar(64)")
    .addColumn("opinion_sm3", "varchar(64)")
    .addColumn("opinion_evidence_id", "integer")
    .addColumn("opinion_expert_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appraisal_commissions_user").on("appraisal_commissions").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("appraisal_commissions_institution").on("appraisal_commissions").columns(["institution_id", "id"]).execute();

  await db.schema
    .createTable("appraisal_commission_evidence")
    .addColumn("commission_id", "integer", (c) => c.notNull().references("appraisal_commissions.id"))
    .addColumn("evidence_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(64)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("stored_at", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addPrimaryKeyConstraint("appraisal_commission_evidence_pk", ["commission_id", "evidence_id"])
    .execute();

  await addIdColumn(db, db.schema.createTable("appraisal_commission_events"))
    .addColumn("commission_id", "integer", (c) => c.notNull().references("appraisal_commissions.id"))
    .addColumn("action", "varchar(16)", (c) => c.notNull())
    .addColumn("from_state", "varchar(16)")
    .addColumn("to_state", "varchar(16)", (c) => c.notNull())
    .addColumn("actor", "varchar(16)", (c) => c.notNull())
    .addColumn("actor_user_id", "integer", (c) => c.notNull())
    .addColumn("actor_name", "varchar(120)", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appraisal_commission_events_commission").on("appraisal_commission_events").columns(["commission_id", "id"]).execute();
}
