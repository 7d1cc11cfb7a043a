import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, EvidencePackagesTable } from "../../db/database.js";
import type { PackageJobState } from "./package-job-lifecycle.js";

export type PackageJobRow = Selectable<EvidencePackagesTable> & { state: PackageJobState };

/** The only code that touches evidence_packages (migration 0039). */
export class PackageJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<EvidencePackagesTable>): Promise<number> {
    const { id } = await this.db.insertInto("evidence_packages").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(id);
  }

  async find(id: number): Promise<PackageJobRow | undefined> {
    return (await this.db.selectFrom("evidence_packages").selectAll().where("id", "=", id).executeTakeFirst()) as PackageJobRow | undefined;
  }

  async findByKey(jobKey: string): Promise<PackageJobRow | undefined> {
    return (await this.db.selectFrom("evidence_packages").selectAll().where("job_key", "=", jobKey).executeTakeFirst()) as PackageJobRow | undefined;
  }

  /** The oldest queued jobs, at most `limit`. */
  async nextQueued(limit: number): Promise<PackageJobRow[]> {
    return (await this.db.selectFrom("evidence_packages").selectAll().where("state", "=", "queued").orderBy("id").limit(limit).execute()) as PackageJobRow[];
  }

  async inState(state: PackageJobState): Promise<PackageJobRow[]> {
    return (await this.db.selectFrom("evidence_packages").selectAll().where("state", "=", state).orderBy("id").execute()) as PackageJobRow[];
  }

  async countInState(state: PackageJobState): Promise<number> {
    const row = await this.db.selectFrom("evidence_packages").select((eb) => eb.fn.countAll<number | string>().as("n")).where("state", "=", state).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Jobs not finished yet (queued or running), in all and of `owner`. */
  async countUnfinished(owner: string): Promise<{ all: number; owner: number }> {
    const rows = await this.db
      .selectFrom("evidence_packages")
      .select(["owner", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("state", "in", ["queued", "running"])
      .groupBy("owner")
      .execute();
    return { all: rows.reduce((sum, row) => sum + Number(row.n), 0), owner: Number(rows.find((row) => row.owner === owner)?.n ?? 0) };
  }

  /** Moves a job on only from the state the caller saw; false when someone else moved it first. */
  async updateIn(id: number, from: PackageJobState, values: Updateable<EvidencePackagesTable>): Promise<boolean> {
    const result = await this.db.updateTable("evidence_packages").set(values).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Jobs whose time to live has passed (ready or failed), for housekeeping. */
  async expired(now: number): Promise<Pick<PackageJobRow, "id" | "job_key">[]> {
    return this.db.selectFrom("evidence_packages").select(["id", "job_key"]).where("expires_at", "<=", now).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom("evidence_packages").where("id", "=", id).execute();
  }
}
