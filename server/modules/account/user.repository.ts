import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { AccountType, VerificationStatus } from "../../../src/schema/account.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { Database, UsersTable } from "../../db/database.js";

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** A new personal account logging in with a phone number or e-mail and a password (its stored hash). */
export function newPersonalAccount(account: { kind: "mobile" | "email"; value: string }, passwordHash: string, now: number): NewUser {
  return {
    login_account: account.value,
    mobile: account.kind === "mobile" ? account.value : null,
    mail: account.kind === "email" ? account.value : null,
    password_hash: passwordHash,
    password_changed_at: now,
    account_type: AccountType.personal,
    status: "active",
    created_at: now,
    updated_at: now,
  };
}

/**
 * The console's customer search: `keyword` is looked for inside the login account, mobile, e-mail
 * and verified enterprise name; `alsoIds` are accounts found by other keys (a certificate's holder).
 */
export type UserSearch = { keyword?: string; status?: UserRow["status"]; alsoIds?: readonly number[] };

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

  async search(filter: UserSearch, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.db.selectFrom("users");
    if (filter.status) query = query.where("status", "=", filter.status);
    const { keyword, alsoIds = [] } = filter;
    if (keyword) {
      const like = (column: "login_account" | "mobile" | "mail" | "enterprise_name") => containsIgnoringCase(column, keyword);
      query = query.where((eb) =>
        eb.or([
          like("login_account"),
          like("mobile"),
          like("mail"),
          eb.and([eb("enterprise_status", "=", VerificationStatus.verified), like("enterprise_name")]),
          ...(alsoIds.length > 0 ? [eb("id", "in", [...alsoIds])] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable("users").set(changes).where("id", "=", id).execute();
  }

  /** Changes the account only if its status and holds are still as read; answers whether it did. */
  async updateIfUnchanged(id: number, read: Pick<UserRow, "status" | "disabled_by">, changes: Updateable<UsersTable>): Promise<boolean> {
    const result = await this.db
      .updateTable("users")
      .set(changes)
      .where("id", "=", id)
      .where("status", "=", read.status)
      .where((eb) => (read.disabled_by === null ? eb("disabled_by", "is", null) : eb("disabled_by", "=", read.disabled_by)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
