import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The operator console (issue 13): operator accounts, kept apart from users and notary staff
 * because they are a third kind of subject with their own sessions; their roles; their one-time
 * recovery codes; and the audit trail of everything they do.
 *
 * Secrets: `totp_secret` and `totp_pending_secret` are AES-256-GCM sealed under the console's
 * server key (modules/console/operators/console-secret-key.ts), recovery codes are kept as
 * HMAC-SHA256 under a key derived from it, so the database alone gives neither away.
 * `totp_last_step` is the last accepted TOTP time step: a code is never accepted twice.
 *
 * `operator_audit` is append-only: rows are inserted with the change they record (one
 * transaction) and later only receive their ledger index and block. `operator_id` is null for
 * actions taken on the command line. `ledger_size_hint` is the ledger's size before the append
 * was first tried, where a restart looks for an entry that a crash left unrecorded; null while no
 * process has tried (the command line writes no ledger: the server appends those rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("operators"))
    .addColumn("account", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("password_hash", "varchar(300)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totp_secret", "varchar(200)")
    .addColumn("totp_pending_secret", "varchar(200)")
    .addColumn("totp_enrolled_at", "bigint")
    .addColumn("totp_last_step", "bigint")
    .addColumn("second_factor_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("last_login_at", "bigint")
    .execute();

  await db.schema
    .createTable("operator_roles")
    .addColumn("operator_id", "integer", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("role", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("operator_roles_pk", ["operator_id", "role"])
    .execute();

  await addIdColumn(db, db.schema.createTable("operator_recovery_codes"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operator_recovery_codes_operator").on("operator_recovery_codes").columns(["operator_id", "code_hash"]).execute();

  await addIdColumn(db, db.schema.createTable("operator_audit"))
    .addColumn("operator_id", "integer")
    .addColumn("operator_account", "varchar(32)", (c) => c.notNull())
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("target_type", "varchar(32)", (c) => c.notNull())
    .addColumn("target_id", "varchar(64)", (c) => c.notNull())
    .addColumn("target_label", "varchar(200)")
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .addColumn("reason", "text")
    .addColumn("salt", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("ledger_size_hint", "bigint")
    .addColumn("ledger_index", "bigint")
    .addColumn("ledger_block", "integer")
    .execute();
  await db.schema.createIndex("operator_audit_created").on("operator_audit").column("created_at").execute();
  await db.schema.createIndex("operator_audit_target").on("operator_audit").columns(["target_type", "target_id"]).execute();
  await db.schema.createIndex("operator_audit_account").on("operator_audit").columns(["operator_account", "created_at"]).execute();
  await db.schema.createIndex("operator_audit_unlogged").on("operator_audit").column("ledger_index").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operator_audit").execute();
  await db.schema.dropTable("operator_recovery_codes").execute();
  await db.schema.dropTable("operator_roles").execute();
  await db.schema.dropTable("operators").execute();
}
