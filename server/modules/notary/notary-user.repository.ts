import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, NotaryUsersTable } from "../../db/database.js";

/** A staff account with its office's name (the name lives once, on the office). */
export type NotaryUserRow = Selectable<NotaryUsersTable> & { office_name: string };
export type NewNotaryUserRow = Insertable<NotaryUsersTable>;
type Db = Kysely<Database> | Transaction<Database>;

export class NotaryUserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOffice(db: Db = this.db) {
    return db.selectFrom("notary_users").innerJoin("notary_offices", "notary_offices.id", "notary_users.office_id").selectAll("notary_users").select("notary_offices.name as office_name");
  }

  async findById(id: number, db: Db = this.db): Promise<NotaryUserRow | undefined> {
    return this.withOffice(db).where("notary_users.id", "=", id).executeTakeFirst();
  }

  /** `account` is expected in lower case, as stored. */
  async findByAccount(account: string): Promise<NotaryUserRow | undefined> {
    return this.withOffice().where("notary_users.account", "=", account).executeTakeFirst();
  }

  /** An office's staff, oldest first. */
  async listOfOffice(officeId: number, db: Db = this.db): Promise<NotaryUserRow[]> {
    return this.withOffice(db).where("notary_users.office_id", "=", officeId).orderBy("notary_users.id").execute();
  }

  /** Undefined when the account is taken (also when another process took it a moment earlier). */
  async insertUnlessTaken(user: NewNotaryUserRow, db: Db = this.db): Promise<{ id: number } | undefined> {
    return db
      .insertInto("notary_users")
      .values(user)
      .onConflict((conflict) => conflict.column("account").doNothing())
      .returning("id")
      .executeTakeFirst();
  }

  /** Written only if the account is still in the status it was read in; answers whether it was. */
  async setStatus(trx: Db, id: number, from: NotaryUsersTable["status"], to: NotaryUsersTable["status"], now: number): Promise<boolean> {
    const result = await trx.updateTable("notary_users").set({ status: to, updated_at: now }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordLogin(id: number, at: number): Promise<void> {
    await this.db.updateTable("notary_users").set({ last_login_at: at }).where("id", "=", id).execute();
  }
}
