import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from "kysely";
import type { HitEvidenceState, HitReviewState, MatchType, MonitorChannel } from "../../../../src/schema/monitor.js";
import type { Database, MonitorHitsTable } from "../../../db/database.js";
import { containsIgnoringCase } from "../../../db/contains-ignoring-case.js";

export type HitRow = Selectable<MonitorHitsTable>;
export type HitPatch = Updateable<MonitorHitsTable>;
/** A hit with what the lists show beside it: its task's number, its site's name and its work's name. */
export type HitListRow = HitRow & { task_no: string; site_name: string; work_name: string | null };

export type HitListFilters = {
  channel?: MonitorChannel;
  taskId?: number;
  review?: HitReviewState;
  evidenceState?: HitEvidenceState;
  matchType?: MatchType;
  withCertificate?: boolean;
  keyName?: string;
  from?: number;
  to?: number;
};

/** One count of a chart: the category's key and its label, per review state. */
export type HitCount = { key: string; label: string; review: string; count: number };

/** The monitor_hits table, read with its task, site and work. */
export class HitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts unless the task already has a hit with this key; answers the new id or null. */
  async insertOnce(row: Insertable<MonitorHitsTable>): Promise<number | null> {
    const inserted = await this.db
      .insertInto("monitor_hits")
      .values(row)
      .onConflict((conflict) => conflict.columns(["task_id", "hit_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  find(id: number): Promise<HitRow | undefined> {
    return this.db.selectFrom("monitor_hits").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The hit with its names, only if it is the user's: another user's hit does not exist for them. */
  findForUser(userId: number, id: number): Promise<HitListRow | undefined> {
    return this.withNames().where("monitor_hits.user_id", "=", userId).where("monitor_hits.id", "=", id).executeTakeFirst();
  }

  async list(userId: number, filters: HitListFilters, paging: { pageNumber: number; pageSize: number }): Promise<{ rows: HitListRow[]; total: number }> {
    const filtered = this.filtered(userId, filters);
    const counted = await filtered.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
    const rows = await this.joinNames(filtered)
      .orderBy("monitor_hits.found_at", "desc")
      .orderBy("monitor_hits.id", "desc")
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute();
    return { rows, total: Number(counted.total) };
  }

  /** Every hit of the user matching `filters`, oldest first (a report's table). */
  all(userId: number, filters: HitListFilters): Promise<HitListRow[]> {
    return this.joinNames(this.filtered(userId, filters)).orderBy("monitor_hits.found_at").orderBy("monitor_hits.id").execute();
  }

  /** Found times and review states of the user's hits since `from` (the day chart buckets them by Shanghai day). */
  foundSince(userId: number, channel: MonitorChannel | undefined, from: number): Promise<{ found_at: number; review: string }[]> {
    let query = this.db.selectFrom("monitor_hits").select(["found_at", "review"]).where("user_id", "=", userId).where("found_at", ">=", from);
    if (channel) query = query.where("channel", "=", channel);
    return query.execute();
  }

  /** Hits counted by site, work or match type, and by review state. */
  async countBy(userId: number, channel: MonitorChannel | undefined, dimension: "site" | "work" | "matchType"): Promise<HitCount[]> {
    let query = this.db
      .selectFrom("monitor_hits")
      .innerJoin("monitor_sites", "monitor_sites.id", "monitor_hits.site_id")
      .leftJoin("monitor_works", "monitor_works.id", "monitor_hits.work_id")
      .where("monitor_hits.user_id", "=", userId);
    if (channel) query = query.where("monitor_hits.channel", "=", channel);
    const [key, label] =
      dimension === "site"
        ? (["monitor_hits.site_id", "monitor_sites.name"] as const)
        : dimension === "work"
          ? (["monitor_hits.work_id", "monitor_works.name"] as const)
          : (["monitor_hits.match_type", "monitor_hits.match_type"] as const);
    const rows = await query
      .select([sql<string>`${sql.ref(key)}`.as("key"), sql<string>`${sql.ref(label)}`.as("label"), "monitor_hits.review as review", sql<number>`count(*)`.as("count")])
      .groupBy([key, label, "monitor_hits.review"])
      .execute();
    return rows.map((row) => ({ key: String(row.key), label: row.label === null ? "" : String(row.label), review: row.review, count: Number(row.count) }));
  }

  /** Writes `patch` only while the hit is still as read (`where`): answers whether it did. */
  async updateWhere(id: number, where: Partial<Pick<HitRow, "review" | "evidence_state" | "capture_id">>, patch: HitPatch): Promise<boolean> {
    let query = this.db.updateTable("monitor_hits").set(patch).where("id", "=", id);
    if (where.review !== undefined) query = query.where("review", "=", where.review);
    if (where.evidence_state !== undefined) query = query.where("evidence_state", "=", where.evidence_state);
    if (where.capture_id !== undefined) query = query.where("capture_id", where.capture_id === null ? "is" : "=", where.capture_id);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Hits waiting on a capture (start-up reconciliation). */
  capturing(): Promise<HitRow[]> {
    return this.db.selectFrom("monitor_hits").selectAll().where("evidence_state", "=", "capturing").orderBy("id").execute();
  }

  byCapture(captureId: number): Promise<HitRow[]> {
    return this.db.selectFrom("monitor_hits").selectAll().where("capture_id", "=", captureId).execute();
  }

  /** What a capture's purpose names: the task's number, the work's name. */
  async captureContext(taskId: number, workId: number | null): Promise<{ taskNo: string; workName: string | null }> {
    const task = await this.db.selectFrom("monitor_tasks").select("task_no").where("id", "=", taskId).executeTakeFirstOrThrow();
    const work = workId === null ? undefined : await this.db.selectFrom("monitor_works").select("name").where("id", "=", workId).executeTakeFirst();
    return { taskNo: task.task_no, workName: work?.name ?? null };
  }

  private filtered(userId: number, filters: HitListFilters) {
    let query = this.db.selectFrom("monitor_hits").where("monitor_hits.user_id", "=", userId);
    if (filters.channel) query = query.where("monitor_hits.channel", "=", filters.channel);
    if (filters.taskId !== undefined) query = query.where("monitor_hits.task_id", "=", filters.taskId);
    if (filters.review) query = query.where("monitor_hits.review", "=", filters.review);
    if (filters.evidenceState) query = query.where("monitor_hits.evidence_state", "=", filters.evidenceState);
    if (filters.matchType) query = query.where("monitor_hits.match_type", "=", filters.matchType);
    if (filters.withCertificate) query = query.where("monitor_hits.evidence_state", "=", "stored");
    if (filters.keyName) {
      const keyName = filters.keyName;
      query = query.where((eb) => eb.or([containsIgnoringCase("monitor_hits.title", keyName), containsIgnoringCase("monitor_hits.url", keyName)]));
    }
    if (filters.from !== undefined) query = query.where("monitor_hits.found_at", ">=", filters.from);
    if (filters.to !== undefined) query = query.where("monitor_hits.found_at", "<=", filters.to);
    return query;
  }

  private withNames() {
    return this.joinNames(this.db.selectFrom("monitor_hits"));
  }

  private joinNames(query: ReturnType<HitsRepository["filtered"]>) {
    return query
      .innerJoin("monitor_tasks", "monitor_tasks.id", "monitor_hits.task_id")
      .innerJoin("monitor_sites", "monitor_sites.id", "monitor_hits.site_id")
      .leftJoin("monitor_works", "monitor_works.id", "monitor_hits.work_id")
      .selectAll("monitor_hits")
      .select(["monitor_tasks.task_no as task_no", "monitor_sites.name as site_name", "monitor_works.name as work_name"]);
  }
}
