import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { MonitorTaskListQuery, MonitorTaskState } from "../../../src/schema/monitor.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { Database, MonitorRunsTable, MonitorSitesTable, MonitorTasksTable, MonitorWeeksTable, MonitorWorksTable } from "../../db/database.js";

export type WorkRow = Selectable<MonitorWorksTable>;
export type TaskRow = Selectable<MonitorTasksTable>;
export type SiteRow = Selectable<MonitorSitesTable>;
export type WeekRow = Selectable<MonitorWeeksTable>;
export type RunRow = Selectable<MonitorRunsTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** Every query of the monitor_* tables the module owns (hits and reports have their own, under hits/ and reports/). */
export class MonitorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- works ----

  insertWork(values: Insertable<MonitorWorksTable>, db: Db = this.db): Promise<number> {
    return db.insertInto("monitor_works").values(values).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
  }

  updateWork(id: number, changes: Updateable<MonitorWorksTable>): Promise<unknown> {
    return this.db.updateTable("monitor_works").set(changes).where("id", "=", id).execute();
  }

  findWork(id: number): Promise<WorkRow | undefined> {
    return this.db.selectFrom("monitor_works").selectAll().where("id", "=", id).executeTakeFirst();
  }

  worksOf(userId: number, kind?: string): Promise<WorkRow[]> {
    let query = this.db.selectFrom("monitor_works").selectAll().where("user_id", "=", userId);
    if (kind) query = query.where("kind", "=", kind);
    return query.orderBy("id", "desc").execute();
  }

  worksByIds(ids: readonly number[], db: Db = this.db): Promise<WorkRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom("monitor_works").selectAll().where("id", "in", ids).orderBy("id").execute();
  }

  evidenceWorkOf(userId: number, evidenceId: number): Promise<WorkRow | undefined> {
    return this.db.selectFrom("monitor_works").selectAll().where("user_id", "=", userId).where("evidence_id", "=", evidenceId).where("failure", "is", null).executeTakeFirst();
  }

  /** Works whose fingerprints were never finished (the process stopped while computing them). */
  /** Works whose fingerprints were never finished: all, or those uploaded before `before` (server/jobs/recovery-pass.ts). */
  unfinishedWorks(before: number | null): Promise<WorkRow[]> {
    const query = this.db.selectFrom("monitor_works").selectAll().where("fingerprint_json", "is", null).where("failure", "is", null);
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  worksOfTask(taskId: number): Promise<WorkRow[]> {
    return this.db
      .selectFrom("monitor_task_works")
      .innerJoin("monitor_works", "monitor_works.id", "monitor_task_works.work_id")
      .selectAll("monitor_works")
      .where("monitor_task_works.task_id", "=", taskId)
      .orderBy("monitor_works.id")
      .execute();
  }

  // ---- tasks ----

  insertTask(trx: Transaction<Database>, values: Insertable<MonitorTasksTable>): Promise<number> {
    return trx.insertInto("monitor_tasks").values(values).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
  }

  async insertTaskParts(trx: Transaction<Database>, taskId: number, workIds: readonly number[], sites: readonly Omit<Insertable<MonitorSitesTable>, "task_id" | "position">[]): Promise<void> {
    if (workIds.length > 0) await trx.insertInto("monitor_task_works").values(workIds.map((work_id) => ({ task_id: taskId, work_id }))).execute();
    await trx.insertInto("monitor_sites").values(sites.map((site, position) => ({ ...site, task_id: taskId, position }))).execute();
  }

  updateTask(trx: Db, id: number, changes: Updateable<MonitorTasksTable>): Promise<unknown> {
    return trx.updateTable("monitor_tasks").set(changes).where("id", "=", id).execute();
  }

  findTask(id: number, db: Db = this.db): Promise<TaskRow | undefined> {
    return db.selectFrom("monitor_tasks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findTaskByRequestKey(userId: number, requestKey: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom("monitor_tasks").selectAll().where("user_id", "=", userId).where("request_key", "=", requestKey).executeTakeFirst();
  }

  /** The state change itself: written only if the task is still in `from` (false: someone moved it first). */
  async moveTask(trx: Transaction<Database>, id: number, from: MonitorTaskState, changes: Updateable<MonitorTasksTable>): Promise<boolean> {
    const result = await trx.updateTable("monitor_tasks").set(changes).where("id", "=", id).where("state", "=", from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async listTasks(userId: number, query: MonitorTaskListQuery): Promise<{ rows: TaskRow[]; total: number }> {
    let base = this.db.selectFrom("monitor_tasks").where("user_id", "=", userId);
    if (query.channel) base = base.where("channel", "=", query.channel);
    if (query.state) base = base.where("state", "=", query.state);
    if (query.keyName) base = base.where("name", "like", `%${query.keyName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { from, to } = filterDayRange(query.startTime, query.endTime);
    if (from !== undefined) base = base.where("created_at", ">=", from);
    if (to !== undefined) base = base.where("created_at", "<=", to);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy("id", "desc").limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize).execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  countActiveTasks(userId: number): Promise<number> {
    return this.db
      .selectFrom("monitor_tasks")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("user_id", "=", userId)
      .where("state", "in", ["notStarted", "monitoring", "paused"])
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  countPendingHits(userId: number): Promise<number> {
    return this.db
      .selectFrom("monitor_hits")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("user_id", "=", userId)
      .where("review", "=", "pending")
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** Per task: sites, works, hits and the billing so far, for list rows. */
  async taskFigures(taskIds: readonly number[]): Promise<Map<number, { sites: number; works: number; hits: number; billedWeeks: number; chargedFen: number }>> {
    const figures = new Map(taskIds.map((id) => [id, { sites: 0, works: 0, hits: 0, billedWeeks: 0, chargedFen: 0 }]));
    if (taskIds.length === 0) return figures;
    const count = <T extends "monitor_sites" | "monitor_task_works" | "monitor_hits">(table: T) =>
      this.db
        .selectFrom(table as "monitor_sites")
        .select(["task_id", (eb) => eb.fn.countAll<string | number>().as("n")])
        .where("task_id", "in", taskIds)
        .groupBy("task_id")
        .execute();
    const [sites, works, hits, weeks] = await Promise.all([
      count("monitor_sites"),
      count("monitor_task_works"),
      count("monitor_hits"),
      this.db.selectFrom("monitor_weeks").select(["task_id", "state", "amount_fen"]).where("task_id", "in", taskIds).where("state", "in", ["reserved", "settled"]).execute(),
    ]);
    for (const row of sites) figures.get(row.task_id)!.sites = Number(row.n);
    for (const row of works) figures.get(row.task_id)!.works = Number(row.n);
    for (const row of hits) figures.get(row.task_id)!.hits = Number(row.n);
    for (const week of weeks) {
      const figure = figures.get(week.task_id)!;
      figure.billedWeeks++;
      if (week.state === "settled") figure.chargedFen += Number(week.amount_fen);
    }
    return figures;
  }

  sitesOf(taskId: number): Promise<SiteRow[]> {
    return this.db.selectFrom("monitor_sites").selectAll().where("task_id", "=", taskId).orderBy("position").execute();
  }

  findSite(id: number): Promise<SiteRow | undefined> {
    return this.db.selectFrom("monitor_sites").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Tasks not started whose start time has come. */
  tasksToStart(now: number): Promise<TaskRow[]> {
    return this.db.selectFrom("monitor_tasks").selectAll().where("state", "=", "notStarted").where("start_at", "<=", now).orderBy("id").execute();
  }

  /** Tasks in `state` that hold no reserved week (monitoring: a week to open; paused: maybe all weeks used). */
  tasksWithoutOpenWeek(state: MonitorTaskState): Promise<TaskRow[]> {
    return this.db
      .selectFrom("monitor_tasks")
      .selectAll()
      .where("state", "=", state)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("monitor_weeks").select("week").whereRef("monitor_weeks.task_id", "=", "monitor_tasks.id").where("monitor_weeks.state", "=", "reserved"))))
      .orderBy("id")
      .execute();
  }

  dueTasks(now: number): Promise<TaskRow[]> {
    return this.db.selectFrom("monitor_tasks").selectAll().where("state", "=", "monitoring").where("next_run_at", "<=", now).orderBy("id").execute();
  }

  // ---- weeks ----

  weeksOf(taskId: number, db: Db = this.db): Promise<WeekRow[]> {
    return db.selectFrom("monitor_weeks").selectAll().where("task_id", "=", taskId).orderBy("week").execute();
  }

  openWeek(taskId: number, db: Db = this.db): Promise<WeekRow | undefined> {
    return db.selectFrom("monitor_weeks").selectAll().where("task_id", "=", taskId).where("state", "=", "reserved").executeTakeFirst();
  }

  insertWeek(trx: Transaction<Database>, values: Insertable<MonitorWeeksTable>): Promise<unknown> {
    return trx.insertInto("monitor_weeks").values(values).execute();
  }

  /** Closes a reserved week; false when another pass closed it first. */
  async closeWeek(trx: Transaction<Database>, taskId: number, week: number, state: "settled" | "released", now: number): Promise<boolean> {
    const result = await trx.updateTable("monitor_weeks").set({ state, closed_at: now }).where("task_id", "=", taskId).where("week", "=", week).where("state", "=", "reserved").executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A closed week whose reservation housekeeping had already handed back. */
  recordWeekReleased(trx: Transaction<Database>, taskId: number, week: number): Promise<unknown> {
    return trx.updateTable("monitor_weeks").set({ state: "released" }).where("task_id", "=", taskId).where("week", "=", week).execute();
  }

  endedWeeks(now: number): Promise<WeekRow[]> {
    return this.db.selectFrom("monitor_weeks").selectAll().where("state", "=", "reserved").where("ends_at", "<=", now).orderBy("task_id").execute();
  }

  // ---- runs ----

  insertRun(trx: Db, values: Insertable<MonitorRunsTable>): Promise<unknown> {
    return trx.insertInto("monitor_runs").values(values).execute();
  }

  /** Sites of the task with a queued or running crawl. */
  async busySiteIds(taskId: number, db: Db = this.db): Promise<Set<number>> {
    const rows = await db.selectFrom("monitor_runs").select("site_id").where("task_id", "=", taskId).where("state", "in", ["queued", "running"]).execute();
    return new Set(rows.map((row) => row.site_id));
  }

  hasRunningRun(taskId: number): Promise<boolean> {
    return this.db.selectFrom("monitor_runs").select("id").where("task_id", "=", taskId).where("state", "=", "running").executeTakeFirst().then(Boolean);
  }

  /** The oldest queued runs whose site has no crawl running. */
  nextQueued(limit: number): Promise<RunRow[]> {
    return this.db
      .selectFrom("monitor_runs")
      .selectAll()
      .where("state", "=", "queued")
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("monitor_runs as busy").select("busy.id").whereRef("busy.site_busy", "=", "monitor_runs.site_id"))))
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  countRuns(state: string): Promise<number> {
    return this.db
      .selectFrom("monitor_runs")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("state", "=", state)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  runsOf(taskId: number): Promise<(RunRow & { site_name: string })[]> {
    return this.db
      .selectFrom("monitor_runs")
      .innerJoin("monitor_sites", "monitor_sites.id", "monitor_runs.site_id")
      .selectAll("monitor_runs")
      .select("monitor_sites.name as site_name")
      .where("monitor_runs.task_id", "=", taskId)
      .orderBy("monitor_runs.id", "desc")
      .limit(50)
      .execute();
  }

  findRun(id: number): Promise<RunRow | undefined> {
    return this.db.selectFrom("monitor_runs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  runsInState(state: string): Promise<RunRow[]> {
    return this.db.selectFrom("monitor_runs").selectAll().where("state", "=", state).orderBy("id").execute();
  }

  updateRun(db: Db, id: number, changes: Updateable<MonitorRunsTable>, fromState?: string): Promise<{ numUpdatedRows: bigint }> {
    let query = db.updateTable("monitor_runs").set(changes).where("id", "=", id);
    if (fromState) query = query.where("state", "=", fromState);
    return query.executeTakeFirst();
  }

  // ---- pages seen ----

  seenDigest(taskId: number, urlSha256: string): Promise<string | undefined> {
    return this.db.selectFrom("monitor_seen").select("content_sha256").where("task_id", "=", taskId).where("url_sha256", "=", urlSha256).executeTakeFirst().then((row) => row?.content_sha256);
  }

  saveSeen(taskId: number, urlSha256: string, contentSha256: string, now: number): Promise<unknown> {
    return this.db
      .insertInto("monitor_seen")
      .values({ task_id: taskId, url_sha256: urlSha256, content_sha256: contentSha256, seen_at: now })
      .onConflict((conflict) => conflict.columns(["task_id", "url_sha256"]).doUpdateSet({ content_sha256: contentSha256, seen_at: now }))
      .execute();
  }
}
