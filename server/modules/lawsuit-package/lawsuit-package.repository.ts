import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

/** The only code that touches lawsuit_package_attempts (migration 0036); the packages are packaging jobs (evidence-library). */
export class LawsuitPackageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one holder check from an address and answers how many it made since `since`, this one included. */
  async countAttempt(addressHash: string, at: number, since: number): Promise<{ id: number; count: number }> {
    const { id } = await this.db.insertInto("lawsuit_package_attempts").values({ address_hash: addressHash, attempted_at: at, passed: 0 }).returning("id").executeTakeFirstOrThrow();
    const row = await this.db
      .selectFrom("lawsuit_package_attempts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("address_hash", "=", addressHash)
      .where("attempted_at", ">", since)
      .executeTakeFirstOrThrow();
    return { id: Number(id), count: Number(row.count) };
  }

  async markPassed(id: number): Promise<void> {
    await this.db.updateTable("lawsuit_package_attempts").set({ passed: 1 }).where("id", "=", id).execute();
  }

  async deleteAttemptsBefore(time: number): Promise<void> {
    await this.db.deleteFrom("lawsuit_package_attempts").where("attempted_at", "<=", time).execute();
  }
}
