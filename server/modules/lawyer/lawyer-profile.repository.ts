import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, LawyerProfilesTable } from "../../db/database.js";

export type LawyerProfileRow = Selectable<LawyerProfilesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The lawyer profiles (migration 0032); rows in, rows out. */
export class LawyerProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: number, db: Db = this.db): Promise<LawyerProfileRow | undefined> {
    return db.selectFrom("lawyer_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  findMany(userIds: readonly number[]): Promise<LawyerProfileRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("lawyer_profiles").selectAll().where("user_id", "in", [...userIds]).execute();
  }

  /** Marked lawyers, the longest marked first. */
  active(): Promise<LawyerProfileRow[]> {
    return this.db.selectFrom("lawyer_profiles").selectAll().where("is_active", "=", 1).orderBy("marked_at").orderBy("user_id").execute();
  }

  /** Another account holding this licence number, if any. */
  holderOfLicence(trx: Db, licenceNo: string, exceptUserId: number): Promise<{ user_id: number } | undefined> {
    return trx.selectFrom("lawyer_profiles").select("user_id").where("licence_no", "=", licenceNo).where("user_id", "!=", exceptUserId).executeTakeFirst();
  }

  async upsert(trx: Db, row: Insertable<LawyerProfilesTable>): Promise<void> {
    const { user_id: _id, introduction: _introduction, ...changes } = row;
    await trx.insertInto("lawyer_profiles").values(row).onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes)).execute();
  }

  async setActive(trx: Db, userId: number, isActive: boolean, now: number): Promise<void> {
    await trx.updateTable("lawyer_profiles").set({ is_active: isActive ? 1 : 0, updated_at: now }).where("user_id", "=", userId).execute();
  }

  async setIntroduction(userId: number, introduction: string, now: number): Promise<void> {
    await this.db.updateTable("lawyer_profiles").set({ introduction, updated_at: now }).where("user_id", "=", userId).execute();
  }
}
