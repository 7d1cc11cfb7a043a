import type { Kysely } from "kysely";
import type { ChildAccountStatus } from "../../../src/schema/child-account.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { Database } from "../../db/database.js";
import { UserRepository, type NewUser, type UserRow } from "./user.repository.js";

export type SubAccountRow = {
  id: number;
  login_account: string | null;
  mobile: string | null;
  mail: string | null;
  name: string;
  status: UserRow["status"];
  disabled_by: UserRow["disabled_by"];
  must_change_password: number;
  created_at: number;
};

const SUB_ACCOUNT_COLUMNS = ["u.id", "u.login_account", "u.mobile", "u.mail", "c.name", "u.status", "u.disabled_by", "u.must_change_password", "c.created_at"] as const;

export type SubAccountFilter = { keyword?: string; status?: ChildAccountStatus };

/**
 * The child_accounts table (the name a main account gave its sub-account), read together with the
 * sub-account's users row: listing with keyword, status and paging joins the two. Both tables are
 * the account module's, since a sub-account is an account.
 */
export class SubAccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The users row and its name in one transaction: a sub-account never exists without either. */
  async insertWithUser(user: NewUser, name: string, at: number): Promise<UserRow> {
    return this.db.transaction().execute(async (trx) => {
      const created = await new UserRepository(trx).insert(user);
      await trx.insertInto("child_accounts").values({ user_id: created.id, parent_id: user.parent_id!, name, created_at: at }).execute();
      return created;
    });
  }

  async page(parentId: number, filter: SubAccountFilter, offset: number, limit: number): Promise<{ rows: SubAccountRow[]; total: number }> {
    const base = this.filtered(parentId, filter);
    const [rows, count] = await Promise.all([
      base
        .select(SUB_ACCOUNT_COLUMNS)
        .orderBy("c.created_at", "desc")
        .orderBy("u.id", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Only a child of this parent: another account's sub-account is "not found". */
  async findOfParent(parentId: number, childId: number): Promise<SubAccountRow | undefined> {
    return this.filtered(parentId, {})
      .select(SUB_ACCOUNT_COLUMNS)
      .where("u.id", "=", childId)
      .executeTakeFirst();
  }

  async nameOf(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom("child_accounts").select("name").where("user_id", "=", userId).executeTakeFirst();
    return row?.name ?? null;
  }

  async rename(childId: number, name: string): Promise<void> {
    await this.db.updateTable("child_accounts").set({ name }).where("user_id", "=", childId).execute();
  }

  async idsOf(parentId: number): Promise<number[]> {
    const rows = await this.filtered(parentId, {}).select("u.id").execute();
    return rows.map((row) => Number(row.id));
  }

  async countActive(parentId: number): Promise<number> {
    const row = await this.filtered(parentId, { status: "active" })
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filtered(parentId: number, filter: SubAccountFilter) {
    let query = this.db
      .selectFrom("child_accounts as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .where("c.parent_id", "=", parentId)
      .where("u.parent_id", "=", parentId);
    if (filter.status) query = query.where("u.status", "=", filter.status);
    if (filter.keyword) {
      // E-mail addresses are stored in lower case, so the keyword is compared in lower case too.
      const { keyword } = filter;
      query = query.where(({ or }) => or([containsIgnoringCase("u.login_account", keyword), containsIgnoringCase("c.name", keyword)]));
    }
    return query;
  }
}
