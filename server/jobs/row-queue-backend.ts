import type { AppConfig } from "../config.js";
import { runsJobs, type ProcessRole } from "../process-role.js";
import type { SharedRedis } from "../redis/redis-connection.js";
import { BullRowQueue } from "./bull-row-queue.js";
import type { JobQueues } from "./job-queues.js";
import { RowQueue, type QueueRow, type RowJobQueue, type RowQueueDependencies } from "./row-queue.js";

/** What of the module context (server/modules/module.ts) decides the backend. */
export type RowQueueContext = { role: ProcessRole; redis: SharedRedis | null; config: Pick<AppConfig, "jobs">; jobs: JobQueues };

/**
 * The row queue of this process, chosen once from what it is (issue 20): embedded (no Redis) runs
 * the in-process RowQueue and recovers every row left running at start-up, as always; with Redis
 * the rows go through BullMQ, run by worker processes only. There start-up recovery must not run
 * (it would take rows a live worker runs): BullMQ's stalled-job check is the recovery, row by row.
 * The queue is declared for the health page either way.
 */
export async function openRowQueue<Row extends QueueRow>(context: RowQueueContext, deps: RowQueueDependencies<Row>): Promise<RowJobQueue> {
  const { role, redis, config, jobs } = context;
  let queue: RowJobQueue;
  if (redis) {
    queue = new BullRowQueue(deps, { redis, runsJobs: runsJobs(role), ...config.jobs });
  } else {
    if (role !== "all") throw new Error(`a "${role}" process needs REDIS_URL: its jobs are shared through Redis`);
    await deps.recover();
    queue = new RowQueue(deps);
  }
  jobs.declare(queue);
  return queue;
}
