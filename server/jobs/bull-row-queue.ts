import { DelayedError, Queue, UnrecoverableError, WaitingError, Worker, type Job } from "bullmq";
import type { SharedRedis } from "../redis/redis-connection.js";
import type { FailedJob, QueueDepth } from "./job-queues.js";
import { type QueueRow, type RowJobQueue, type RowQueueDependencies } from "./row-queue.js";
import { SerialPass } from "./serial-pass.js";

type RowJobData = { rowId: number };

export type BullRowQueueSettings = {
  redis: SharedRedis;
  /** A worker process runs the jobs; a web process only puts them on the queue. */
  runsJobs: boolean;
  /** Tries per job, the first retry's wait (doubled each time), a worker's hold on a job (config.jobs). */
  attempts: number;
  backoffMs: number;
  lockMs: number;
};

/** Queued rows put on the queue per pass; older ones already have their job, and the sweep catches the rest. */
const ENQUEUE_BATCH = 500;

/**
 * A row queue shared by several processes through BullMQ on Redis (issue 20). The rows stay the
 * truth, as in the in-process RowQueue, with the same claim and run: a BullMQ job only says "run
 * row N", under the id `row-<id>` in the queue of its table (BullMQ refuses ":" in ids), so a row has at most
 * one job at a time. Completed jobs
 * are removed (a row queued again later gets a new job); failed ones are kept for the console's
 * dead letters. A worker that dies mid-job loses its lock, and BullMQ's stalled check gives the
 * job to another worker, whose processor resumes the row the dead one left running. Workers also
 * sweep now and then for queued rows without a job (a web process killed between the insert and
 * the add).
 */
export class BullRowQueue<Row extends QueueRow> implements RowJobQueue {
  readonly key: string;
  readonly name: string;
  readonly shared = true;
  readonly #queue: Queue<RowJobData>;
  readonly #worker: Worker<RowJobData> | null;
  readonly #closing = new AbortController();
  readonly #running = new Set<number>();
  readonly #enqueue: SerialPass;
  #sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: RowQueueDependencies<Row>,
    private readonly settings: BullRowQueueSettings,
  ) {
    this.key = deps.key;
    this.name = deps.name;
    const { redis, attempts, backoffMs, lockMs } = settings;
    const prefix = redis.key("bull");
    this.#queue = new Queue<RowJobData>(deps.key, {
      connection: redis.client,
      prefix,
      defaultJobOptions: { attempts, backoff: { type: "exponential", delay: backoffMs }, removeOnComplete: true, removeOnFail: false },
    });
    this.#enqueue = new SerialPass(
      () => this.enqueueQueuedRows(),
      (error) => deps.log.error({ err: error, queue: this.key }, "queued rows could not be put on the shared queue"),
    );
    if (!settings.runsJobs) {
      this.#worker = null;
      return;
    }
    this.#worker = new Worker<RowJobData>(deps.key, (job, token) => this.process(job, token), {
      connection: redis.connection(`jobs:${deps.key}`),
      prefix,
      // Started by the first kick (the module's onReady): no job runs before the app is complete.
      autorun: false,
      concurrency: deps.concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A job whose worker died twice is more likely killing workers than unlucky: a dead letter.
      maxStalledCount: 2,
    });
    this.#worker.on("failed", (job, error) => deps.log.warn({ err: error, queue: this.key, rowId: job?.data.rowId, attempts: job?.attemptsMade }, "queued job failed"));
    this.#worker.on("error", (error) => deps.log.error({ err: error, queue: this.key }, "job worker error"));
  }

  /** Rows are put on the queue from every process; only workers run them. */
  kick(): void {
    if (this.#closing.signal.aborted) return;
    this.#enqueue.request();
    if (this.#worker && !this.#sweep) this.startWorker(this.#worker);
  }

  async depth(): Promise<QueueDepth> {
    const counts = await this.#queue.getJobCounts("wait", "delayed", "prioritized", "active", "failed");
    return { waiting: (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0), running: counts.active ?? 0, failed: counts.failed ?? 0 };
  }

  async failedJobs(limit: number): Promise<FailedJob[]> {
    const jobs = await this.#queue.getFailed(0, limit - 1);
    return jobs.map((job) => ({ queue: this.key, rowId: job.data.rowId, attempts: job.attemptsMade, lastError: job.failedReason ?? "", failedAt: job.finishedOn ?? job.timestamp }));
  }

  async retry(rowId: number): Promise<boolean> {
    const job = await this.#queue.getJob(this.jobIdOf(rowId));
    if (!job || !(await job.isFailed())) return false;
    // Back to waiting with its tries counted afresh; the processor resumes the row the failure left.
    await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: false });
    return true;
  }

  async idle(): Promise<void> {
    const settled = async () => {
      if (this.#enqueue.isRunning || this.#running.size > 0) return false;
      if (!this.#worker) return true;
      const counts = await this.#queue.getJobCounts("wait", "active", "prioritized");
      return (counts.wait ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0) === 0;
    };
    while (!(await settled())) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /**
   * Stops taking jobs and aborts the runs under way; each aborted job goes back to waiting (its
   * row still running) for another worker, which resumes it. Nothing is marked done that is not.
   */
  async close(): Promise<void> {
    this.#closing.abort();
    this.#enqueue.stop();
    if (this.#sweep) clearInterval(this.#sweep);
    await this.#worker?.close();
    await this.#queue.close();
  }

  private startWorker(worker: Worker<RowJobData>): void {
    this.#sweep = setInterval(() => this.#enqueue.request(), this.settings.lockMs);
    this.#sweep.unref();
    worker.run().catch((error) => this.deps.log.error({ err: error, queue: this.key }, "job worker stopped"));
  }

  private jobIdOf(rowId: number): string {
    return `row-${rowId}`;
  }

  private async enqueueQueuedRows(): Promise<void> {
    const rows = await this.deps.nextQueued(ENQUEUE_BATCH);
    // An id already on the queue (waiting, running, delayed or failed) is left as it is.
    if (rows.length > 0) await this.#queue.addBulk(rows.map((row) => ({ name: this.key, data: { rowId: row.id }, opts: { jobId: this.jobIdOf(row.id) } })));
  }

  /**
   * One job: the row is claimed and run as in the in-process queue. A row found running belongs
   * to an earlier start of this very job (a worker that died or closed, or a run that threw):
   * BullMQ's lock makes this processor the job's only holder, so the row is nobody else's and is
   * resumed first. A first start finding its row running touches nothing: something else runs it.
   */
  private async process(job: Job<RowJobData>, token: string | undefined): Promise<void> {
    const { rowId } = job.data;
    let row = await this.deps.find(rowId);
    if (row?.state === "running") {
      // Straight to the dead letters: an operator decides, nothing is taken from a live run.
      if (job.attemptsStarted <= 1 && job.stalledCounter === 0) throw new UnrecoverableError(`第 ${rowId} 行在本任务之外运行中，未处理`);
      await this.deps.resume(row);
      row = await this.deps.find(rowId);
    }
    // Gone, or settled (also by the resume just now): the job is done.
    if (row?.state !== "queued") return;
    if (!(await this.deps.claim(row))) {
      // Not runnable now (the monitor runs one crawl per site at a time): try again later, not a failure.
      if ((await this.deps.find(rowId))?.state !== "queued") return;
      await job.moveToDelayed(Date.now() + this.settings.backoffMs, token);
      throw new DelayedError();
    }
    this.#running.add(rowId);
    try {
      await this.deps.run(row, this.#closing.signal);
    } finally {
      this.#running.delete(rowId);
    }
    if (this.#closing.signal.aborted && (await this.deps.find(rowId))?.state === "running") {
      await job.moveToWait(token);
      throw new WaitingError();
    }
  }
}
