import type { FastifyBaseLogger } from "fastify";
import type { FailedJob, JobQueue, QueueDepth } from "./job-queues.js";
import { SerialPass } from "./serial-pass.js";

/** What a row queue needs of a row: its id and its state ("queued" and "running" are the queue's; any other is settled). */
export type QueueRow = { id: number; state: string };

export type RowQueueDependencies<Row extends QueueRow> = {
  key: string;
  name: string;
  concurrency: number;
  /** The oldest queued rows, at most `limit`. */
  nextQueued(limit: number): Promise<Row[]>;
  countQueued(): Promise<number>;
  /** The row as it is now (a shared queue's job carries only the id). */
  find(id: number): Promise<Row | undefined>;
  /** Moves a queued row to running; false when another worker (or process) took it first. */
  claim(row: Row): Promise<boolean>;
  /** Runs one claimed job to its end; `signal` aborts when the queue closes. */
  run(row: Row, signal: AbortSignal): Promise<void>;
  /** Settles one row an interrupted run left running, as start-up recovery does for each: queued again, finished or given up. */
  resume(row: Row): Promise<void>;
  /** Start-up recovery of every row left running: only where this process is the only one that runs them. */
  recover(): Promise<unknown>;
  log: FastifyBaseLogger;
};

/** A queue of rows as the modules use it, whichever backend runs it (server/jobs/row-queue-backend.ts). */
export interface RowJobQueue extends JobQueue {
  /** A row may have become runnable. */
  kick(): void;
  /** Resolves when this process runs nothing and starts nothing (tests, and a graceful close). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The in-memory dead letters of one process are bounded; the rows themselves stay in their tables. */
const KEPT_FAILURES = 100;

/**
 * An in-process queue whose queued rows are the queue (DESIGN.md §2 "jobs"), so nothing is lost
 * when the process stops: this class only decides which of them run now, at most `concurrency` at
 * once, oldest first. `kick` is called whenever a row may have become runnable; a pass that starts
 * while another is under way runs again after it. A run that throws is logged and kept as a failed
 * job (its row left running) until an operator retries it or the next start recovers it.
 */
export class RowQueue<Row extends QueueRow> implements RowJobQueue {
  readonly key: string;
  readonly name: string;
  readonly #running = new Map<number, Promise<void>>();
  readonly #closing = new AbortController();
  readonly #failures = new Map<number, FailedJob>();
  readonly #pass: SerialPass;
  #waiting = 0;

  constructor(private readonly deps: RowQueueDependencies<Row>) {
    this.key = deps.key;
    this.name = deps.name;
    this.#pass = new SerialPass(
      () => this.pump(),
      (error) => this.deps.log.error({ err: error }, `${this.key}: could not start queued jobs`),
    );
  }

  depth(): QueueDepth {
    return { waiting: this.#waiting, running: this.#running.size, failed: this.#failures.size };
  }

  async failedJobs(limit: number): Promise<FailedJob[]> {
    return [...this.#failures.values()].reverse().slice(0, limit);
  }

  async retry(rowId: number): Promise<boolean> {
    if (!this.#failures.has(rowId)) return false;
    const row = await this.deps.find(rowId);
    // Its run has ended (it threw), so the row left running is nobody's: settle it as recovery would.
    if (row?.state === "running") await this.deps.resume(row);
    this.#failures.delete(rowId);
    this.kick();
    return true;
  }

  kick(): void {
    if (!this.#closing.signal.aborted) this.#pass.request();
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0 || this.#pass.isRunning) await Promise.race([...this.#running.values(), new Promise((resolve) => setTimeout(resolve, 10))]);
  }

  /** Aborts the jobs under way; their rows stay running and start-up recovery resumes them. */
  async close(): Promise<void> {
    this.#closing.abort();
    this.#pass.stop();
    await Promise.allSettled([...this.#running.values()]);
  }

  private async pump(): Promise<void> {
    const { concurrency } = this.deps;
    while (this.#running.size < concurrency && !this.#closing.signal.aborted) {
      const candidates = (await this.deps.nextQueued(concurrency * 2)).filter((row) => !this.#running.has(row.id));
      let started = 0;
      for (const row of candidates) {
        if (this.#running.size >= concurrency) break;
        if (!(await this.deps.claim(row))) continue;
        started++;
        const job = this.deps
          .run(row, this.#closing.signal)
          .catch((error) => this.keepFailure(row.id, error))
          .finally(() => {
            this.#running.delete(row.id);
            this.kick();
          });
        this.#running.set(row.id, job);
      }
      if (started === 0) break;
    }
    this.#waiting = await this.deps.countQueued();
  }

  private keepFailure(rowId: number, error: unknown): void {
    this.deps.log.error({ err: error, queue: this.key, rowId }, "queued job failed unexpectedly");
    this.#failures.delete(rowId);
    this.#failures.set(rowId, { queue: this.key, rowId, attempts: 1, lastError: errorText(error), failedAt: Date.now() });
    if (this.#failures.size > KEPT_FAILURES) this.#failures.delete(this.#failures.keys().next().value!);
  }
}

/** What the console shows of a failure: the message, never a stack (it may name files and settings). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
