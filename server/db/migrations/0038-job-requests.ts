import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Requested jobs (issue 20, server/jobs/requested-jobs.ts): work a user asked for that a job
 * process makes (a digital report, a monitoring report), one row per request. The row is the
 * queue's truth as captures' rows are: queued → running → done (result_json) or failed
 * (error_json: the business code, message and field errors the asker is answered with). The
 * asking process waits on the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("job_requests"))
    .addColumn("queue", "varchar(40)", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("state", "varchar(12)", (c) => c.notNull())
    .addColumn("input_json", "text", (c) => c.notNull())
    .addColumn("result_json", "text")
    .addColumn("error_json", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("job_requests_queue_state").on("job_requests").columns(["queue", "state", "id"]).execute();
}
