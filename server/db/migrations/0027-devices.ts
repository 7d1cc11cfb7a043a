import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Recording devices (issue 16, modules/device). `devices` holds each bound device's public key
 * (never a private key); `device_bind_codes` each code a holder made, as the SHA-256 of the code
 * only; `mobile_array_devices` which devices a holder chose for a mobile array (a group
 * recording); `device_recordings` which device records each device recording (a part of a group
 * or one of its own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("devices"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("model", "varchar(200)")
    .addColumn("os", "varchar(200)")
    .addColumn("public_key", "varchar(64)", (c) => c.notNull())
    .addColumn("public_key_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint")
    .addColumn("unbound_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("devices_holder").on("devices").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("devices_key").on("devices").columns(["public_key_sha256", "state"]).execute();

  await addIdColumn(db, db.schema.createTable("device_bind_codes"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("code_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    // Set when the code bound a device, or when a newer code of the same holder replaced it.
    .addColumn("used_at", "bigint")
    .addColumn("device_id", "integer", (c) => c.references("devices.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("device_bind_codes_code").on("device_bind_codes").columns(["code_sha256"]).execute();
  await db.schema.createIndex("device_bind_codes_holder").on("device_bind_codes").columns(["user_id", "used_at"]).execute();

  await db.schema
    .createTable("mobile_array_devices")
    .addColumn("group_id", "integer", (c) => c.notNull())
    .addColumn("device_id", "integer", (c) => c.notNull().references("devices.id"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("mobile_array_devices_pk", ["group_id", "device_id"])
    .execute();
  await db.schema.createIndex("mobile_array_devices_device").on("mobile_array_devices").columns(["device_id", "group_id"]).execute();

  // The recording module knows whose recording it is; this says which device may feed it.
  await db.schema
    .createTable("device_recordings")
    .addColumn("recording_id", "integer", (c) => c.primaryKey())
    .addColumn("device_id", "integer", (c) => c.notNull().references("devices.id"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("group_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("device_recordings_group").unique().on("device_recordings").columns(["group_id", "device_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("device_recordings").execute();
  await db.schema.dropTable("mobile_array_devices").execute();
  await db.schema.dropTable("device_bind_codes").execute();
  await db.schema.dropTable("devices").execute();
}
