import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { MonitorChannel } from "../../../../src/schema/monitor.js";
import type { Database, MonitorReportsTable } from "../../../db/database.js";
import { durableTransaction } from "../../../db/dialect.js";
import { newestFirstPage } from "../../../db/newest-first-page.js";

export type ReportRow = Selectable<MonitorReportsTable>;
/** A task as a report's table shows it: its sites' names and what was settled for it. */
export type ReportTaskRow = { id: number; task_no: string; name: string; state: string; weeks: number; site_names: string[]; charged_fen: number };

/** The monitor_reports table, and the task facts a report reads. */
export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One durable transaction: an acknowledged report survives a crash. */
  insert(row: Insertable<MonitorReportsTable>): Promise<ReportRow> {
    return durableTransaction(this.db, (trx) => trx.insertInto("monitor_reports").values(row).returningAll().executeTakeFirstOrThrow());
  }

  findByReportNo(reportNo: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom("monitor_reports").selectAll().where("report_no", "=", reportNo).executeTakeFirst();
  }

  findForUser(userId: number, id: number): Promise<ReportRow | undefined> {
    return this.db.selectFrom("monitor_reports").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  }

  list(userId: number, channel: MonitorChannel | undefined, paging: { pageNumber: number; pageSize: number }): Promise<{ rows: ReportRow[]; total: number }> {
    let query = this.db.selectFrom("monitor_reports").where("user_id", "=", userId);
    if (channel) query = query.where("channel", "=", channel);
    return newestFirstPage(query, (filtered) => filtered.selectAll(), paging);
  }

  /** Reports whose entry has no index yet: all, or those written before `before`. */
  unlogged(before: number | null): Promise<ReportRow[]> {
    const query = this.db.selectFrom("monitor_reports").selectAll().where("ledger_index", "is", null);
    return (before === null ? query : query.where("created_at", "<", before)).orderBy("id").execute();
  }

  async recordLedgerIndex(id: number, index: number): Promise<void> {
    await this.db.updateTable("monitor_reports").set({ ledger_index: index }).where("id", "=", id).where("ledger_index", "is", null).execute();
  }

  /** The user's tasks of `channel` that were monitoring at some time in [from, to]: started by `to`, not ended before `from`. */
  async tasksDuring(userId: number, channel: MonitorChannel, from: number, to: number): Promise<ReportTaskRow[]> {
    const tasks = await this.db
      .selectFrom("monitor_tasks")
      .select(["id", "task_no", "name", "state", "weeks"])
      .where("user_id", "=", userId)
      .where("channel", "=", channel)
      .where("start_at", "<=", to)
      .where((eb) => eb.or([eb("end_at", "is", null), eb("end_at", ">=", from)]))
      .orderBy("id")
      .execute();
    if (tasks.length === 0) return [];
    const ids = tasks.map((task) => task.id);
    const sites = await this.db.selectFrom("monitor_sites").select(["task_id", "name"]).where("task_id", "in", ids).orderBy("task_id").orderBy("position").execute();
    const charged = await this.db
      .selectFrom("monitor_weeks")
      .select(["task_id", sql<number>`sum(amount_fen)`.as("fen")])
      .where("task_id", "in", ids)
      .where("state", "=", "settled")
      .groupBy("task_id")
      .execute();
    return tasks.map((task) => ({
      ...task,
      site_names: sites.filter((site) => site.task_id === task.id).map((site) => site.name),
      charged_fen: Number(charged.find((row) => row.task_id === task.id)?.fen ?? 0),
    }));
  }
}
