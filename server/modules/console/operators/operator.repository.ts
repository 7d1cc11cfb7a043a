import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import { containsIgnoringCase } from "../../../db/contains-ignoring-case.js";
import type { OperatorRole } from "../../../../src/schema/console/permissions.js";
import type { Database, OperatorsTable } from "../../../db/database.js";

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperatorRow = Insertable<OperatorsTable>;
/** The database or a transaction some caller has open (the audit trail's, for changes it records). */
export type Executor = Kysely<Database> | Transaction<Database>;

export type OperatorFilter = { keyword?: string; role?: OperatorRole; status?: OperatorRow["status"] };

/** The only code that touches operators, operator_roles and operator_recovery_codes (DESIGN.md §8). */
export class OperatorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number, executor: Executor = this.db): Promise<OperatorRow | undefined> {
    return executor.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** `account` is expected in lower case, as stored. */
  async findByAccount(account: string, executor: Executor = this.db): Promise<OperatorRow | undefined> {
    return executor.selectFrom("operators").selectAll().where("account", "=", account).executeTakeFirst();
  }

  /** A page of operators, newest first, with the filters of the operators page. */
  async list(filter: OperatorFilter, page: { offset: number; limit: number }): Promise<{ rows: OperatorRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(filter).selectAll("o").orderBy("o.id", "desc").offset(page.offset).limit(page.limit).execute(),
      this.filtered(filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  private filtered(filter: OperatorFilter) {
    let query = this.db.selectFrom("operators as o");
    if (filter.status) query = query.where("o.status", "=", filter.status);
    if (filter.role) {
      const role = filter.role;
      query = query.where((eb) => eb.exists(eb.selectFrom("operator_roles as r").select("r.role").whereRef("r.operator_id", "=", "o.id").where("r.role", "=", role)));
    }
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containsIgnoringCase("o.account", keyword), containsIgnoringCase("o.name", keyword)]));
    }
    return query;
  }

  /** Active operators holding `role`, other than `exceptId`: whether taking it from one leaves anybody. */
  async countActiveWithRole(executor: Executor, role: OperatorRole, exceptId: number): Promise<number> {
    const row = await executor
      .selectFrom("operators as o")
      .innerJoin("operator_roles as r", "r.operator_id", "o.id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("r.role", "=", role)
      .where("o.status", "=", "active")
      .where("o.id", "!=", exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Roles of several operators at once (a list page). */
  async rolesOfMany(ids: readonly number[]): Promise<Map<number, OperatorRole[]>> {
    const roles = new Map<number, OperatorRole[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return roles;
    const rows = await this.db.selectFrom("operator_roles").select(["operator_id", "role"]).where("operator_id", "in", ids).orderBy("role").execute();
    for (const row of rows) roles.get(row.operator_id)?.push(row.role as OperatorRole);
    return roles;
  }

  /** Unused recovery codes of several operators at once. */
  async unusedRecoveryCodesOfMany(ids: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom("operator_recovery_codes")
      .select((eb) => ["operator_id", eb.fn.countAll<number>().as("n")])
      .where("operator_id", "in", ids)
      .where("used_at", "is", null)
      .groupBy("operator_id")
      .execute();
    for (const row of rows) counts.set(row.operator_id, Number(row.n));
    return counts;
  }

  async rolesOf(id: number, executor: Executor = this.db): Promise<OperatorRole[]> {
    const rows = await executor.selectFrom("operator_roles").select("role").where("operator_id", "=", id).orderBy("role").execute();
    return rows.map((row) => row.role as OperatorRole);
  }

  /** Undefined when the account is taken (also when another process took it a moment earlier). */
  async insertUnlessTaken(executor: Executor, operator: NewOperatorRow, roles: readonly OperatorRole[]): Promise<OperatorRow | undefined> {
    const row = await executor
      .insertInto("operators")
      .values(operator)
      .onConflict((conflict) => conflict.column("account").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) await this.replaceRoles(executor, row.id, roles);
    return row;
  }

  async replaceRoles(executor: Executor, id: number, roles: readonly OperatorRole[]): Promise<void> {
    await executor.deleteFrom("operator_roles").where("operator_id", "=", id).execute();
    if (roles.length > 0) await executor.insertInto("operator_roles").values(roles.map((role) => ({ operator_id: id, role }))).execute();
  }

  async update(executor: Executor, id: number, changes: Partial<Pick<OperatorRow, "name" | "status">>, at: number): Promise<void> {
    await executor.updateTable("operators").set({ ...changes, updated_at: at }).where("id", "=", id).execute();
  }

  async recordLogin(id: number, at: number): Promise<void> {
    await this.db.updateTable("operators").set({ last_login_at: at, second_factor_failures: 0 }).where("id", "=", id).execute();
  }

  // ---- second factor ----

  async setPendingSecret(id: number, sealed: string, at: number): Promise<void> {
    await this.db.updateTable("operators").set({ totp_pending_secret: sealed, updated_at: at }).where("id", "=", id).execute();
  }

  /** Makes the pending secret the operator's, unless another request confirmed it first. */
  async confirmSecret(executor: Executor, id: number, sealed: string, step: number, at: number): Promise<boolean> {
    const result = await executor
      .updateTable("operators")
      .set({ totp_secret: sealed, totp_pending_secret: null, totp_enrolled_at: at, totp_last_step: step, updated_at: at })
      .where("id", "=", id)
      .where("totp_secret", "is", null)
      .where("totp_pending_secret", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records `step` as the last accepted TOTP step when it is later than the last one; false when a
   * code of that step (or a later one) was accepted before. One statement, so two requests
   * carrying the same code cannot both pass.
   */
  async acceptStep(id: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("operators")
      .set({ totp_last_step: step })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Counts one wrong code and answers the count since the pending session began. */
  async countFailure(id: number): Promise<number> {
    const row = await this.db
      .updateTable("operators")
      .set((eb) => ({ second_factor_failures: eb("second_factor_failures", "+", 1) }))
      .where("id", "=", id)
      .returning("second_factor_failures")
      .executeTakeFirst();
    return Number(row?.second_factor_failures ?? 0);
  }

  async resetFailures(id: number): Promise<void> {
    await this.db.updateTable("operators").set({ second_factor_failures: 0 }).where("id", "=", id).execute();
  }

  /** Forgets the authenticator and the recovery codes: the operator enrols again at the next login. */
  async resetSecondFactor(executor: Executor, id: number, at: number): Promise<void> {
    await executor
      .updateTable("operators")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, second_factor_failures: 0, updated_at: at })
      .where("id", "=", id)
      .execute();
    await executor.deleteFrom("operator_recovery_codes").where("operator_id", "=", id).execute();
  }

  async replaceRecoveryCodes(executor: Executor, id: number, codeHashes: readonly string[], at: number): Promise<void> {
    await executor.deleteFrom("operator_recovery_codes").where("operator_id", "=", id).execute();
    await executor
      .insertInto("operator_recovery_codes")
      .values(codeHashes.map((code_hash) => ({ operator_id: id, code_hash, used_at: null, created_at: at })))
      .execute();
  }

  /** Marks an unused recovery code used; false when there is none (wrong, or used before). */
  async useRecoveryCode(id: number, codeHash: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable("operator_recovery_codes")
      .set({ used_at: at })
      .where("operator_id", "=", id)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

}
