import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, LoginHistoryTable } from "../../db/database.js";

export type LoginHistoryRow = Selectable<LoginHistoryTable>;

/** The only code that touches login_history (DESIGN.md §8). */
export class LoginHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<LoginHistoryTable>): Promise<void> {
    await this.db.insertInto("login_history").values(row).execute();
  }

  /** The newest `limit` rows of an account, newest first. */
  async newestOf(userId: number, limit: number): Promise<LoginHistoryRow[]> {
    return this.db.selectFrom("login_history").selectAll().where("user_id", "=", userId).orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
  }

  async deleteBefore(at: number): Promise<number> {
    const result = await this.db.deleteFrom("login_history").where("at", "<", at).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
