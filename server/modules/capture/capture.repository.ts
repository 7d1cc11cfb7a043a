import type { Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { CaptureState, CaptureTarget } from "../../../src/schema/capture.js";
import type { CapturesTable, Database } from "../../db/database.js";
import { containsIgnoringCase } from "../../db/contains-ignoring-case.js";
import { newestFirstPage } from "../../db/newest-first-page.js";

export type CaptureRow = Selectable<CapturesTable>;
export type CapturePatch = Updateable<CapturesTable>;

export type CaptureListOptions = {
  targets: readonly CaptureTarget[];
  keyName?: string;
  state?: CaptureState;
  from?: number;
  to?: number;
  pageNumber: number;
  pageSize: number;
};

/** The captures table, which is also the capture queue (its queued rows, oldest first). */
export class CaptureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Transaction<Database>, row: Omit<CaptureRow, "id" | "qa_accepted" | "attempts" | "charge_round">): Promise<number> {
    const { id } = await trx.insertInto("captures").values(row).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  find(id: number, db: Kysely<Database> = this.db): Promise<CaptureRow | undefined> {
    return db.selectFrom("captures").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<CaptureRow[]> {
    return this.db.selectFrom("captures").selectAll().where("id", "in", ids).orderBy("id").execute();
  }

  /** The row only if it is the holder's: another holder's capture does not exist for them. */
  findForHolder(userId: number, id: number): Promise<CaptureRow | undefined> {
    return this.db.selectFrom("captures").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  }

  findManyForHolder(userId: number, ids: readonly number[]): Promise<CaptureRow[]> {
    return this.db.selectFrom("captures").selectAll().where("user_id", "=", userId).where("id", "in", ids).orderBy("id").execute();
  }

  async list(userId: number, options: CaptureListOptions): Promise<{ rows: CaptureRow[]; total: number }> {
    let query = this.db.selectFrom("captures").where("user_id", "=", userId).where("target", "in", options.targets);
    if (options.keyName) query = query.where(containsIgnoringCase("name", options.keyName));
    if (options.state) query = query.where("state", "=", options.state);
    if (options.from !== undefined) query = query.where("created_at", ">=", options.from);
    if (options.to !== undefined) query = query.where("created_at", "<=", options.to);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), options);
  }

  /** The oldest queued captures, the next work for the browsers. */
  nextQueued(limit: number): Promise<CaptureRow[]> {
    return this.db.selectFrom("captures").selectAll().where("state", "=", "queued").orderBy("id").limit(limit).execute();
  }

  inState(state: CaptureState): Promise<CaptureRow[]> {
    return this.db.selectFrom("captures").selectAll().where("state", "=", state).orderBy("id").execute();
  }

  async countInState(state: CaptureState): Promise<number> {
    const { count } = await this.db.selectFrom("captures").select((eb) => eb.fn.countAll<number>().as("count")).where("state", "=", state).executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Captures awaiting review whose package was made at or before `endedBefore`. */
  reviewsEndedBy(endedBefore: number): Promise<CaptureRow[]> {
    return this.db.selectFrom("captures").selectAll().where("state", "=", "needsReview").where("ended_at", "<=", endedBefore).orderBy("id").execute();
  }

  /**
   * Writes `patch` only while the row is still in state `from` (the state it was read in): answers
   * whether it did, so two writers never both take one edge of the lifecycle.
   */
  async updateIn(db: Kysely<Database>, id: number, from: CaptureState, patch: CapturePatch): Promise<boolean> {
    const result = await db.updateTable("captures").set(patch).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
