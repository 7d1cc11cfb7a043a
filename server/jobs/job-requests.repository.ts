import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, JobRequestsTable } from "../db/database.js";
import { durableTransaction } from "../db/dialect.js";

export type JobRequestRow = Selectable<JobRequestsTable>;

/** The job_requests table (migration 0038), for server/jobs/requested-jobs.ts only; rows in, rows out. */
export class JobRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Durable: the asker is told nothing before the request survives a crash. */
  async insert(row: Insertable<JobRequestsTable>): Promise<number> {
    const inserted = await durableTransaction(this.db, (trx) => trx.insertInto("job_requests").values(row).returning("id").executeTakeFirstOrThrow());
    return Number(inserted.id);
  }

  find(id: number): Promise<JobRequestRow | undefined> {
    return this.db.selectFrom("job_requests").selectAll().where("id", "=", id).executeTakeFirst();
  }

  nextQueued(queue: string, limit: number): Promise<JobRequestRow[]> {
    return this.db.selectFrom("job_requests").selectAll().where("queue", "=", queue).where("state", "=", "queued").orderBy("id").limit(limit).execute();
  }

  async count(queue: string, state: string): Promise<number> {
    const row = await this.db.selectFrom("job_requests").select((eb) => eb.fn.countAll().as("count")).where("queue", "=", queue).where("state", "=", state).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  inState(queue: string, state: string): Promise<JobRequestRow[]> {
    return this.db.selectFrom("job_requests").selectAll().where("queue", "=", queue).where("state", "=", state).orderBy("id").execute();
  }

  /** Moves a row from `from` with `changes`; false when it was no longer in `from` (another process moved it first). */
  async move(id: number, from: string, changes: Updateable<JobRequestsTable>): Promise<boolean> {
    const result = await durableTransaction(this.db, (trx) => trx.updateTable("job_requests").set(changes).where("id", "=", id).where("state", "=", from).executeTakeFirst());
    return Number(result.numUpdatedRows) === 1;
  }

  /** Settled requests older than `before`: their askers were answered long ago. */
  async deleteSettledBefore(before: number): Promise<void> {
    await this.db.deleteFrom("job_requests").where("state", "in", ["done", "failed"]).where("updated_at", "<", before).execute();
  }
}
