import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { DeviceState } from "../../../src/schema/device.js";
import type { Database, DeviceBindCodesTable, DeviceRecordingsTable, DevicesTable } from "../../db/database.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type DeviceRow = Selectable<DevicesTable>;
export type BindCodeRow = Selectable<DeviceBindCodesTable>;
export type DeviceRecordingRow = Selectable<DeviceRecordingsTable>;

export type DeviceListOptions = { keyName?: string; state?: DeviceState; pageNumber: number; pageSize: number };

/** The device module's tables: devices, bind codes, mobile array choices, device recordings. */
export class DeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: number, db: Kysely<Database> = this.db): Promise<DeviceRow | undefined> {
    return db.selectFrom("devices").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The row only if it is the holder's: another holder's device does not exist for them. */
  findForHolder(userId: number, id: number, db: Kysely<Database> = this.db): Promise<DeviceRow | undefined> {
    return db.selectFrom("devices").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  }

  activeForHolder(userId: number, ids?: readonly number[]): Promise<DeviceRow[]> {
    let query = this.db.selectFrom("devices").selectAll().where("user_id", "=", userId).where("state", "=", "active");
    if (ids) query = query.where("id", "in", ids.length > 0 ? ids : [0]);
    return query.orderBy("id").execute();
  }

  list(userId: number, options: DeviceListOptions): Promise<{ rows: DeviceRow[]; total: number }> {
    let query = this.db.selectFrom("devices").where("user_id", "=", userId);
    if (options.keyName) query = query.where(containsIgnoringCase("name", options.keyName));
    if (options.state) query = query.where("state", "=", options.state);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }

  activeWithKey(trx: Transaction<Database>, publicKeySha256: string): Promise<DeviceRow | undefined> {
    return trx.selectFrom("devices").selectAll().where("public_key_sha256", "=", publicKeySha256).where("state", "=", "active").executeTakeFirst();
  }

  async insert(trx: Transaction<Database>, row: Insertable<DevicesTable>): Promise<number> {
    const { id } = await trx.insertInto("devices").values(row).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  /** Writes `patch` only while the device is still in state `from`; answers whether it did. */
  async updateIn(db: Kysely<Database>, id: number, from: DeviceState, patch: Updateable<DevicesTable>): Promise<boolean> {
    const result = await db.updateTable("devices").set(patch).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async rename(id: number, name: string, at: number): Promise<void> {
    await this.db.updateTable("devices").set({ name, updated_at: at }).where("id", "=", id).execute();
  }

  async touch(id: number, at: number): Promise<void> {
    await this.db.updateTable("devices").set({ last_seen_at: at }).where("id", "=", id).execute();
  }

  // ---- bind codes ----

  /** Every unused code of the holder is spent (replaced) before a new one is made: one live code per holder. */
  async replaceBindCode(trx: Transaction<Database>, row: Insertable<DeviceBindCodesTable>): Promise<void> {
    await trx.updateTable("device_bind_codes").set({ used_at: row.created_at }).where("user_id", "=", row.user_id).where("used_at", "is", null).execute();
    await trx.insertInto("device_bind_codes").values(row).execute();
  }

  findBindCode(trx: Transaction<Database>, codeSha256: string): Promise<BindCodeRow | undefined> {
    return trx.selectFrom("device_bind_codes").selectAll().where("code_sha256", "=", codeSha256).orderBy("id", "desc").executeTakeFirst();
  }

  /** Spends the code for `deviceId` only while it is unused; answers whether it did. */
  async spendBindCode(trx: Transaction<Database>, id: number, deviceId: number, at: number): Promise<boolean> {
    const result = await trx.updateTable("device_bind_codes").set({ used_at: at, device_id: deviceId }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteBindCodesBefore(expiredBefore: number): Promise<void> {
    await this.db.deleteFrom("device_bind_codes").where("expires_at", "<", expiredBefore).where("device_id", "is", null).execute();
  }

  // ---- mobile arrays and device recordings ----

  async chooseForGroup(trx: Transaction<Database>, userId: number, groupId: number, deviceIds: readonly number[]): Promise<void> {
    await trx.insertInto("mobile_array_devices").values(deviceIds.map((deviceId) => ({ group_id: groupId, device_id: deviceId, user_id: userId }))).execute();
  }

  async isChosen(groupId: number, deviceId: number): Promise<boolean> {
    const row = await this.db.selectFrom("mobile_array_devices").select("group_id").where("group_id", "=", groupId).where("device_id", "=", deviceId).executeTakeFirst();
    return row !== undefined;
  }

  /** The devices chosen for a group, each with the part it recorded once it joined. */
  groupMembers(userId: number, groupId: number) {
    return this.db
      .selectFrom("mobile_array_devices as m")
      .innerJoin("devices as d", "d.id", "m.device_id")
      .leftJoin("device_recordings as r", (join) => join.onRef("r.group_id", "=", "m.group_id").onRef("r.device_id", "=", "m.device_id"))
      .select(["d.id as deviceId", "d.name as deviceName", "r.recording_id as partId", "r.created_at as joinTime"])
      .where("m.group_id", "=", groupId)
      .where("m.user_id", "=", userId)
      .orderBy("d.id")
      .execute();
  }

  /** The groups a device was chosen for, newest first, with whether it joined. */
  groupsOfDevice(deviceId: number, limit: number) {
    return this.db
      .selectFrom("mobile_array_devices as m")
      .leftJoin("device_recordings as r", (join) => join.onRef("r.group_id", "=", "m.group_id").onRef("r.device_id", "=", "m.device_id"))
      .select(["m.group_id as groupId", "r.recording_id as partId"])
      .where("m.device_id", "=", deviceId)
      .orderBy("m.group_id", "desc")
      .limit(limit)
      .execute();
  }

  async insertRecording(row: DeviceRecordingRow): Promise<void> {
    await this.db.insertInto("device_recordings").values(row).execute();
  }

  findRecording(recordingId: number): Promise<DeviceRecordingRow | undefined> {
    return this.db.selectFrom("device_recordings").selectAll().where("recording_id", "=", recordingId).executeTakeFirst();
  }

  findPart(groupId: number, deviceId: number): Promise<DeviceRecordingRow | undefined> {
    return this.db.selectFrom("device_recordings").selectAll().where("group_id", "=", groupId).where("device_id", "=", deviceId).executeTakeFirst();
  }
}
