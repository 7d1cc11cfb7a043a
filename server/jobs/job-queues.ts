/** How many jobs of one in-process queue wait, run, and have failed since the process started. */
export interface QueueDepth {
  readonly waiting: number;
  readonly running: number;
  readonly failed: number;
}

/** One in-process job queue as its owner declares it for the platform's health page. */
export interface JobQueue {
  /** Stable identifier, e.g. "ledger.blocks". */
  readonly key: string;
  /** What the operator reads, e.g. 账本区块. */
  readonly name: string;
  depth(): QueueDepth;
}

/**
 * The in-process job queues of this process (DESIGN.md §2 "jobs"): each module that runs one
 * declares it here as it registers, so the health page lists every queue without knowing the
 * modules, and a new queue shows up by being declared. Depths are read on demand, never copied.
 */
export class JobQueues {
  readonly #queues = new Map<string, JobQueue>();

  declare(queue: JobQueue): void {
    if (this.#queues.has(queue.key)) throw new Error(`job queue "${queue.key}" declared twice`);
    this.#queues.set(queue.key, queue);
  }

  /** Every declared queue with its depth now, in the order they were declared. */
  depths(): (QueueDepth & { key: string; name: string })[] {
    return [...this.#queues.values()].map((queue) => ({ key: queue.key, name: queue.name, ...queue.depth() }));
  }
}
