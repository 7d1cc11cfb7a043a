import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, UsersTable } from "../../db/database.js";

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** By any of the account's identifiers (accounts are stored normalised). */
  async findByAccount(account: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where((eb) => eb.or([eb("mobile", "=", account), eb("mail", "=", account), eb("login_account", "=", account)]))
      .executeTakeFirst();
  }

  async findByOauthUserId(oauthUserId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("oauth_user_id", "=", oauthUserId).executeTakeFirst();
  }

  /**
   * Binds a messaging-app identity to an account, or unbinds it with null (modules/scan-login).
   * Binding only takes an unbound account: false when the account was bound meanwhile.
   */
  async setOauthUserId(id: number, oauthUserId: string | null, now: number): Promise<boolean> {
    let update = this.db.updateTable("users").set({ oauth_user_id: oauthUserId, updated_at: now }).where("id", "=", id);
    if (oauthUserId !== null) update = update.where("oauth_user_id", "is", null);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable("users").set(changes).where("id", "=", id).execute();
  }
}
