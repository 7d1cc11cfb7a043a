import { sql, type Kysely } from "kysely";
import { DEFAULT_NOTARIAL_TEMPLATE } from "../../../src/schema/notary-console.js";
import { addIdColumn, isPostgres } from "../dialect.js";

/**
 * Online notarisation and the notary console (issue 17), owned by modules/notarization.
 *
 * `notary_offices`: the offices the platform works with (profile, fee, certificate template and
 * the office's seal: certificate from the platform seal CA and its private key sealed under the
 * seal secret key, as modules/seal keeps an organisation's). Staff (`notary_users`) now belong to
 * an office by id, with a role; the office's name moves from each staff row to the office (one
 * office is made per distinct name the rows had, and every existing account becomes its admin).
 *
 * `notarization_applications`: one application of a main account, in its NOTARIZATION_LIFECYCLE
 * state; `notarization_evidence` the evidence it covers (re-read at each draft save, frozen at
 * submission); `notarization_events` one row per transition, with the exact text of its ledger
 * entry written in the transition's own transaction (ledger_index null until the append's receipt,
 * so a restart finds or appends what a crash left out); `notarization_materials` the applicant's
 * supplementary files (blob store); `notarial_certificates` the issued certificates (sealed PDF in
 * the blob store, its SHA-256 on the issue event's ledger entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("notary_offices"))
    .addColumn("name", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("region", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "varchar(30)", (c) => c.notNull().defaultTo(""))
    .addColumn("introduction", "text", (c) => c.notNull().defaultTo(""))
    // Null: the office takes bundles only.
    .addColumn("fee_fen", "bigint")
    .addColumn("accepts_applications", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("template_title", "varchar(20)", (c) => c.notNull())
    .addColumn("template_body", "text", (c) => c.notNull())
    .addColumn("template_footer", "text", (c) => c.notNull())
    // The office's seal: all null until its administrator issues one.
    .addColumn("seal_certificate_pem", "text")
    .addColumn("seal_private_key", "text")
    .addColumn("seal_serial", "varchar(64)")
    .addColumn("seal_not_before", "bigint")
    .addColumn("seal_not_after", "bigint")
    .addColumn("seal_fingerprint", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  const template = DEFAULT_NOTARIAL_TEMPLATE;
  await sql`INSERT INTO notary_offices (name, template_title, template_body, template_footer, created_at, updated_at)
    SELECT office_name, ${template.title}, ${template.body}, ${template.footer}, MIN(created_at), MAX(updated_at) FROM notary_users GROUP BY office_name`.execute(db);
  await db.schema.alterTable("notary_users").addColumn("office_id", "integer", (c) => c.references("notary_offices.id")).execute();
  // Every account there is was its office's only kind of account: each becomes an administrator.
  await db.schema.alterTable("notary_users").addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("admin")).execute();
  await sql`UPDATE notary_users SET office_id = (SELECT id FROM notary_offices WHERE notary_offices.name = notary_users.office_name)`.execute(db);
  await db.schema.alterTable("notary_users").dropColumn("office_name").execute();
  // SQLite cannot add NOT NULL to an existing column; there the code is what always sets it.
  if (isPostgres(db)) await sql`ALTER TABLE notary_users ALTER COLUMN office_id SET NOT NULL`.execute(db);
  await db.schema.createIndex("notary_users_office").on("notary_users").columns(["office_id"]).execute();

  await addIdColumn(db, db.schema.createTable("notarization_applications"))
    // The application's name on the public ledger: 128 random bits, naming nobody.
    .addColumn("uid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("application_no", "varchar(32)", (c) => c.notNull().unique())
    // The main account that applies (sub-accounts cannot).
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("office_id", "integer", (c) => c.notNull().references("notary_offices.id"))
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("use_description", "text")
    .addColumn("applicant_type", "varchar(16)", (c) => c.notNull())
    // Captured from the verified identity at submission; null while a draft.
    .addColumn("applicant_name", "varchar(100)")
    .addColumn("applicant_id_number", "varchar(40)")
    .addColumn("contact_name", "varchar(30)", (c) => c.notNull())
    .addColumn("contact_mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("contact_email", "varchar(100)")
    .addColumn("address", "varchar(120)")
    .addColumn("payment", "varchar(8)", (c) => c.notNull())
    .addColumn("bundle_id", "integer")
    // The fee held at submission (the office's fee then), and its billing reservation.
    .addColumn("fee_fen", "bigint")
    .addColumn("reservation_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("submitted_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notarization_applications_user").on("notarization_applications").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("notarization_applications_office").on("notarization_applications").columns(["office_id", "state", "submitted_at"]).execute();

  await db.schema
    .createTable("notarization_evidence")
    .addColumn("application_id", "integer", (c) => c.notNull().references("notarization_applications.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("evidence_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(64)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("sm3", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("stored_at", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addPrimaryKeyConstraint("notarization_evidence_pk", ["application_id", "position"])
    .execute();

  await addIdColumn(db, db.schema.createTable("notarization_events"))
    .addColumn("application_id", "integer", (c) => c.notNull().references("notarization_applications.id"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("action", "varchar(16)", (c) => c.notNull())
    .addColumn("from_state", "varchar(16)")
    .addColumn("to_state", "varchar(16)", (c) => c.notNull())
    .addColumn("actor", "varchar(16)", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("actor_name", "varchar(100)", (c) => c.notNull())
    .addColumn("note", "text")
    // The exact logged text, so a repair appends (or finds) the same bytes.
    .addColumn("entry", "text", (c) => c.notNull())
    // The ledger's size when the row was written: where a repair starts looking for the entry.
    .addColumn("ledger_size_hint", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("notarization_events_seq", ["application_id", "seq"])
    .execute();
  await db.schema.createIndex("notarization_events_unlogged").on("notarization_events").columns(["ledger_index"]).execute();

  await addIdColumn(db, db.schema.createTable("notarization_materials"))
    .addColumn("application_id", "integer", (c) => c.notNull().references("notarization_applications.id"))
    .addColumn("event_id", "integer", (c) => c.notNull().references("notarization_events.id"))
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notarization_materials_application").on("notarization_materials").columns(["application_id"]).execute();

  await addIdColumn(db, db.schema.createTable("notarial_certificates"))
    .addColumn("application_id", "integer", (c) => c.notNull().unique().references("notarization_applications.id"))
    .addColumn("certificate_no", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("office_id", "integer", (c) => c.notNull().references("notary_offices.id"))
    .addColumn("notary_id", "integer", (c) => c.notNull().references("notary_users.id"))
    .addColumn("notary_name", "varchar(30)", (c) => c.notNull())
    // The sealed PDF's name in the blob store (its SHA-256 when stored).
    .addColumn("pdf_blob", "varchar(64)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    // The office seal certificate that signed it (SHA-256 of its DER), for the public check after a renewal.
    .addColumn("seal_fingerprint", "varchar(64)", (c) => c.notNull())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notarial_certificates_office").on("notarial_certificates").columns(["office_id", "issued_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["notarial_certificates", "notarization_materials", "notarization_events", "notarization_evidence", "notarization_applications"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("notary_users").addColumn("office_name", "varchar(60)", (c) => c.notNull().defaultTo("")).execute();
  await sql`UPDATE notary_users SET office_name = (SELECT name FROM notary_offices WHERE notary_offices.id = notary_users.office_id)`.execute(db);
  await db.schema.dropIndex("notary_users_office").execute();
  await db.schema.alterTable("notary_users").dropColumn("role").execute();
  await db.schema.alterTable("notary_users").dropColumn("office_id").execute();
  await db.schema.dropTable("notary_offices").execute();
}
