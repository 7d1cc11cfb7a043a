import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The personal centre: real-name and enterprise verification applications (each submission is
 * kept, the newest one counts, and its status is mirrored into users.real_name_status /
 * enterprise_status), the images published as avatars, and the sub-accounts' names. The users
 * table already has every column the centre changes (contacts, avatar path, industry, region,
 * two-step flag, status).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("real_name_applications"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("real_name", "varchar(40)", (c) => c.notNull())
    .addColumn("id_number", "varchar(18)", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("reject_reason", "varchar(200)")
    .addColumn("provider", "varchar(40)", (c) => c.notNull())
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("decided_at", "bigint")
    .execute();
  await db.schema.createIndex("real_name_applications_user").on("real_name_applications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("real_name_applications_status").on("real_name_applications").column("status").execute();

  await addIdColumn(db, db.schema.createTable("enterprise_applications"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("enterprise_name", "varchar(120)", (c) => c.notNull())
    .addColumn("institution_type", "integer", (c) => c.notNull())
    .addColumn("certificate_kind", "varchar(20)", (c) => c.notNull())
    .addColumn("certificate_number", "varchar(40)", (c) => c.notNull())
    .addColumn("licence_image_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("licence_image_type", "varchar(20)", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("reject_reason", "varchar(200)")
    .addColumn("provider", "varchar(40)", (c) => c.notNull())
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("decided_at", "bigint")
    .execute();
  await db.schema.createIndex("enterprise_applications_user").on("enterprise_applications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("enterprise_applications_status").on("enterprise_applications").column("status").execute();

  await db.schema
    .createTable("avatar_images")
    .addColumn("sha256", "varchar(64)", (c) => c.primaryKey())
    .addColumn("mime_type", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("child_accounts")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("parent_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(40)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("child_accounts_parent").on("child_accounts").columns(["parent_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["child_accounts", "avatar_images", "enterprise_applications", "real_name_applications"]) {
    await db.schema.dropTable(table).execute();
  }
}
