import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { ContractStatus } from "../../../src/schema/console/offline-contract-lifecycle.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import type { Database, OfflineContractsTable } from "../../db/database.js";

export type OfflineContractRow = Selectable<OfflineContractsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export type ContractFilter = {
  /** The Shanghai date the statuses are read on. */
  today: string;
  status?: ContractStatus;
  /** Matches the contract number or signing party, or a contract of one of these customers. */
  keyword?: { text: string; userIds: number[] };
};

/** The offline_contracts table (migration 0023); only this file holds its queries. */
export class OfflineContractsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the customer's account row for the rest of the transaction (as Billing does before a
   * charge), so two contracts recorded at once cannot both pass the overlap check.
   */
  async lockCustomer(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
    await trx
      .insertInto("billing_accounts")
      .values({ user_id: userId, updated_at: now })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ updated_at: now }))
      .execute();
  }

  async insert(trx: Transaction<Database>, row: Insertable<OfflineContractsTable>): Promise<OfflineContractRow> {
    return trx.insertInto("offline_contracts").values(row).returningAll().executeTakeFirstOrThrow();
  }

  async findById(id: number, executor: Executor = this.db): Promise<OfflineContractRow | undefined> {
    return executor.selectFrom("offline_contracts").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findByContractNo(contractNo: string, executor: Executor = this.db): Promise<OfflineContractRow | undefined> {
    return executor.selectFrom("offline_contracts").selectAll().where("contract_no", "=", contractNo).executeTakeFirst();
  }

  /** A contract of the customer not terminated whose term shares a day with [start, end]. */
  async findOverlapping(executor: Executor, userId: number, start: string, end: string): Promise<OfflineContractRow | undefined> {
    return executor
      .selectFrom("offline_contracts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("terminated_at", "is", null)
      .where("term_start", "<=", end)
      .where("term_end", ">=", start)
      .orderBy("term_start")
      .executeTakeFirst();
  }

  /** The customer's contract in force on `today` (terms never overlap, so there is at most one). */
  async findInForce(executor: Executor, userId: number, today: string): Promise<OfflineContractRow | undefined> {
    return this.findOverlapping(executor, userId, today, today);
  }

  /** Fills the termination once: answers false when the contract was terminated meanwhile. */
  async terminate(trx: Transaction<Database>, id: number, termination: { at: number; reason: string; operatorId: number | null; account: string }): Promise<boolean> {
    const result = await trx
      .updateTable("offline_contracts")
      .set({ terminated_at: termination.at, termination_reason: termination.reason, terminated_by_operator_id: termination.operatorId, terminated_by_account: termination.account })
      .where("id", "=", id)
      .where("terminated_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Newest first. A status is read on `today` the way contractStatusOn reads it. */
  async list(filter: ContractFilter, page: { limit: number; offset: number }): Promise<{ rows: OfflineContractRow[]; total: number }> {
    let query = this.db.selectFrom("offline_contracts");
    const { today, status, keyword } = filter;
    if (status === "terminated") query = query.where("terminated_at", "is not", null);
    if (status === "pending") query = query.where("terminated_at", "is", null).where("term_start", ">", today);
    if (status === "active") query = query.where("terminated_at", "is", null).where("term_start", "<=", today).where("term_end", ">=", today);
    if (status === "expired") query = query.where("terminated_at", "is", null).where("term_end", "<", today);
    if (keyword) {
      query = query.where((eb) =>
        eb.or([
          containsIgnoringCase("contract_no", keyword.text),
          containsIgnoringCase("signing_party", keyword.text),
          ...(keyword.userIds.length > 0 ? [eb("user_id", "in", keyword.userIds)] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
