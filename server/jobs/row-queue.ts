import type { FastifyBaseLogger } from "fastify";
import type { JobQueue, QueueDepth } from "./job-queues.js";

export type RowQueueDependencies<Row extends { id: number }> = {
  key: string;
  name: string;
  concurrency: number;
  /** The oldest queued rows, at most `limit`. */
  nextQueued(limit: number): Promise<Row[]>;
  countQueued(): Promise<number>;
  /** Moves a queued row to running; false when another worker (or process) took it first. */
  claim(row: Row): Promise<boolean>;
  /** Runs one claimed job to its end; `signal` aborts when the queue closes. */
  run(row: Row, signal: AbortSignal): Promise<void>;
  log: FastifyBaseLogger;
};

/**
 * An in-process queue whose queued rows are the queue (DESIGN.md §2 "jobs"), so nothing is lost
 * when the process stops: this class only decides which of them run now, at most `concurrency` at
 * once, oldest first. `kick` is called whenever a row may have become runnable; a pass that starts
 * while another is under way runs again after it.
 */
export class RowQueue<Row extends { id: number }> implements JobQueue {
  readonly key: string;
  readonly name: string;
  readonly #running = new Map<number, Promise<void>>();
  readonly #closing = new AbortController();
  #waiting = 0;
  #failed = 0;
  #isPumping = false;
  #isPumpAgain = false;

  constructor(private readonly deps: RowQueueDependencies<Row>) {
    this.key = deps.key;
    this.name = deps.name;
  }

  depth(): QueueDepth {
    return { waiting: this.#waiting, running: this.#running.size, failed: this.#failed };
  }

  kick(): void {
    if (this.#closing.signal.aborted) return;
    if (this.#isPumping) {
      this.#isPumpAgain = true;
      return;
    }
    this.#isPumping = true;
    void this.pump()
      .catch((error) => this.deps.log.error({ err: error }, `${this.key}: could not start queued jobs`))
      .finally(() => {
        this.#isPumping = false;
        if (this.#isPumpAgain) {
          this.#isPumpAgain = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing runs and nothing startable waits (tests, and a graceful close). */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || this.#isPumping) await Promise.race([...this.#running.values(), new Promise((resolve) => setTimeout(resolve, 10))]);
  }

  /** Aborts the jobs under way; their rows stay running and start-up recovery resumes them. */
  async close(): Promise<void> {
    this.#closing.abort();
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
          .catch((error) => {
            this.#failed++;
            this.deps.log.error({ err: error, queue: this.key, rowId: row.id }, "queued job failed unexpectedly");
          })
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
}
