import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, EvidencePackagesTable } from "../../db/database.js";
import type { PackageJobState } from "./package-job-lifecycle.js";
import type { PackageKind } from "./package-kind.js";

export type PackageJobRow = Selectable<EvidencePackagesTable> & { state: PackageJobState };

/** The only code that touches evidence_packages (migrations 0039, 0040): each instance sees the rows of one kind only. */
export class PackageJobsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: PackageKind,
  ) {}

  async insert(row: Omit<Insertable<EvidencePackagesTable>, "kind">): Promise<number> {
    const { id } = await this.db
      .insertInto("evidence_packages")
      .values({ ...row, kind: this.kind })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async find(id: number): Promise<PackageJobRow | undefined> {
    return (await this.rows().where("id", "=", id).executeTakeFirst()) as PackageJobRow | undefined;
  }

  async findByKey(jobKey: string): Promise<PackageJobRow | undefined> {
    return (await this.rows().where("job_key", "=", jobKey).executeTakeFirst()) as PackageJobRow | undefined;
  }

  /** The oldest queued jobs, at most `limit`. */
  async nextQueued(limit: number): Promise<PackageJobRow[]> {
    return (await this.rows().where("state", "=", "queued").orderBy("id").limit(limit).execute()) as PackageJobRow[];
  }

  async inState(state: PackageJobState): Promise<PackageJobRow[]> {
    return (await this.rows().where("state", "=", state).orderBy("id").execute()) as PackageJobRow[];
  }

  async countInState(state: PackageJobState): Promise<number> {
    const row = await this.db
      .selectFrom("evidence_packages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("kind", "=", this.kind)
      .where("state", "=", state)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Jobs not finished yet (queued or running), in all and of `owner`. */
  async countUnfinished(owner: string): Promise<{ all: number; owner: number }> {
    const rows = await this.db
      .selectFrom("evidence_packages")
      .select(["owner", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("kind", "=", this.kind)
      .where("state", "in", ["queued", "running"])
      .groupBy("owner")
      .execute();
    return { all: rows.reduce((sum, row) => sum + Number(row.n), 0), owner: Number(rows.find((row) => row.owner === owner)?.n ?? 0) };
  }

  /** Moves a job on only from the state the caller saw; false when someone else moved it first. */
  async updateIn(id: number, from: PackageJobState, values: Updateable<EvidencePackagesTable>): Promise<boolean> {
    const result = await this.db.updateTable("evidence_packages").set(values).where("id", "=", id).where("kind", "=", this.kind).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Jobs whose time to live has passed (ready or failed), for housekeeping. */
  async expired(now: number): Promise<Pick<PackageJobRow, "id" | "job_key">[]> {
    return this.db.selectFrom("evidence_packages").select(["id", "job_key"]).where("kind", "=", this.kind).where("expires_at", "<=", now).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom("evidence_packages").where("id", "=", id).where("kind", "=", this.kind).execute();
  }

  private rows() {
    return this.db.selectFrom("evidence_packages").selectAll().where("kind", "=", this.kind);
  }
}
