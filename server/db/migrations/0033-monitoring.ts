import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Whole-network monitoring (issue 18, modules/monitor).
 * - `monitor_works`: what a user protects: an uploaded file (bytes in the blob store by SHA-256) or
 *   a stored evidence record, with its fingerprints as JSON once computed.
 * - `monitor_tasks`: one task (channel, keywords, weeks, frequency, state), its schedule
 *   (`next_run_at`, read by the scheduler, so a restart loses nothing) and its billing progress.
 * - `monitor_task_works`, `monitor_sites`: what a task protects and where it looks.
 * - `monitor_weeks`: the billing weeks, each a billing reservation (service "monitoring").
 * - `monitor_runs`: one crawl of one site; queued rows are the crawl queue, and a running row found
 *   at start-up was cut off and queues again. At most one running crawl per site (`site_busy`).
 * - `monitor_seen`: each page address a site's crawls have matched, with the digest of what was
 *   compared, so an unchanged page is not matched (or captured) twice.
 * - `monitor_hits`: what matched, why (`match_json`), its review and its web evidence (a capture).
 * - `monitor_reports`: generated report PDFs (blob by SHA-256) and their ledger entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("monitor_works"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(300)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("content_type", "varchar(100)", (c) => c.notNull())
    .addColumn("evidence_id", "integer")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("duration_ms", "bigint")
    .addColumn("fingerprint_json", "text")
    .addColumn("failure", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("monitor_works_user").on("monitor_works").columns(["user_id", "kind", "id"]).execute();

  await addIdColumn(db, db.schema.createTable("monitor_tasks"))
    .addColumn("uid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("task_no", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("stop_reason", "varchar(16)")
    .addColumn("keywords_json", "text", (c) => c.notNull())
    .addColumn("exclude_keywords_json", "text", (c) => c.notNull())
    .addColumn("frequency", "varchar(16)", (c) => c.notNull())
    .addColumn("weeks", "integer", (c) => c.notNull())
    .addColumn("weekly_fee_fen", "bigint", (c) => c.notNull())
    .addColumn("auto_capture", "integer", (c) => c.notNull())
    .addColumn("start_at", "bigint", (c) => c.notNull())
    .addColumn("end_at", "bigint")
    .addColumn("next_run_at", "bigint")
    .addColumn("last_run_at", "bigint")
    .addColumn("request_key", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("monitor_tasks_request_key", ["user_id", "request_key"])
    .execute();
  await db.schema.createIndex("monitor_tasks_user").on("monitor_tasks").columns(["user_id", "channel", "id"]).execute();
  await db.schema.createIndex("monitor_tasks_due").on("monitor_tasks").columns(["state", "next_run_at"]).execute();

  await db.schema
    .createTable("monitor_task_works")
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("work_id", "integer", (c) => c.notNull().references("monitor_works.id"))
    .addPrimaryKeyConstraint("monitor_task_works_pk", ["task_id", "work_id"])
    .execute();

  await addIdColumn(db, db.schema.createTable("monitor_sites"))
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("depth", "integer", (c) => c.notNull())
    .addColumn("max_pages", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("monitor_sites_task").on("monitor_sites").columns(["task_id", "position"]).execute();

  await db.schema
    .createTable("monitor_weeks")
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("reservation_id", "integer", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("runs", "integer", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addPrimaryKeyConstraint("monitor_weeks_pk", ["task_id", "week"])
    .execute();
  await db.schema.createIndex("monitor_weeks_open").on("monitor_weeks").columns(["state", "ends_at"]).execute();

  await addIdColumn(db, db.schema.createTable("monitor_runs"))
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("site_id", "integer", (c) => c.notNull().references("monitor_sites.id"))
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    /** The site id while this run is the site's running crawl, else null: unique, so one crawl per site. */
    .addColumn("site_busy", "integer", (c) => c.unique())
    .addColumn("pages", "integer", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("skipped_by_robots", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("failure", "text")
    .addColumn("queued_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("ended_at", "bigint")
    .execute();
  await db.schema.createIndex("monitor_runs_state").on("monitor_runs").columns(["state", "id"]).execute();
  await db.schema.createIndex("monitor_runs_task").on("monitor_runs").columns(["task_id", "id"]).execute();

  await db.schema
    .createTable("monitor_seen")
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("url_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("content_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("monitor_seen_pk", ["task_id", "url_sha256"])
    .execute();

  await addIdColumn(db, db.schema.createTable("monitor_hits"))
    .addColumn("task_id", "integer", (c) => c.notNull().references("monitor_tasks.id"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("site_id", "integer", (c) => c.notNull().references("monitor_sites.id"))
    .addColumn("run_id", "integer", (c) => c.notNull().references("monitor_runs.id"))
    .addColumn("work_id", "integer")
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    /** SHA-256 of url + work + match type: a page matching the same work the same way is one hit. */
    .addColumn("hit_key", "varchar(64)", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("author", "varchar(100)")
    .addColumn("publish_at", "bigint")
    .addColumn("found_at", "bigint", (c) => c.notNull())
    .addColumn("match_type", "varchar(16)", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("match_json", "text", (c) => c.notNull())
    .addColumn("review", "varchar(16)", (c) => c.notNull())
    .addColumn("review_note", "text")
    .addColumn("reviewed_at", "bigint")
    .addColumn("evidence_state", "varchar(16)", (c) => c.notNull())
    .addColumn("capture_id", "integer")
    .addColumn("evidence_id", "integer")
    .addColumn("certificate_no", "varchar(64)")
    .addColumn("evidence_failure", "text")
    .addUniqueConstraint("monitor_hits_key", ["task_id", "hit_key"])
    .execute();
  await db.schema.createIndex("monitor_hits_user").on("monitor_hits").columns(["user_id", "channel", "found_at"]).execute();
  await db.schema.createIndex("monitor_hits_task").on("monitor_hits").columns(["task_id", "found_at"]).execute();
  await db.schema.createIndex("monitor_hits_capture").on("monitor_hits").columns(["capture_id"]).execute();

  await addIdColumn(db, db.schema.createTable("monitor_reports"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("report_no", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("period_end", "bigint", (c) => c.notNull())
    .addColumn("task_count", "integer", (c) => c.notNull())
    .addColumn("hit_count", "integer", (c) => c.notNull())
    .addColumn("evidence_count", "integer", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("ledger_index", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("monitor_reports_user").on("monitor_reports").columns(["user_id", "channel", "id"]).execute();
}
