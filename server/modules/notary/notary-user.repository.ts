import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, NotaryUsersTable } from "../../db/database.js";

export type NotaryUserRow = Selectable<NotaryUsersTable>;
export type NewNotaryUserRow = Insertable<NotaryUsersTable>;

export class NotaryUserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number): Promise<NotaryUserRow | undefined> {
    return this.db.selectFrom("notary_users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** `account` is expected in lower case, as stored. */
  async findByAccount(account: string): Promise<NotaryUserRow | undefined> {
    return this.db.selectFrom("notary_users").selectAll().where("account", "=", account).executeTakeFirst();
  }

  /** Undefined when the account is taken (also when another process took it a moment earlier). */
  async insertUnlessTaken(user: NewNotaryUserRow): Promise<NotaryUserRow | undefined> {
    return this.db
      .insertInto("notary_users")
      .values(user)
      .onConflict((conflict) => conflict.column("account").doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async recordLogin(id: number, at: number): Promise<void> {
    await this.db.updateTable("notary_users").set({ last_login_at: at }).where("id", "=", id).execute();
  }
}
