/** How many jobs of one queue wait, run, and have failed. */
export interface QueueDepth {
  readonly waiting: number;
  readonly running: number;
  readonly failed: number;
}

/** A job that ran out of tries (the dead letters): its row stays where the failure left it until an operator retries. */
export interface FailedJob {
  readonly queue: string;
  readonly rowId: number;
  readonly attempts: number;
  readonly lastError: string;
  readonly failedAt: number;
}

/** One job queue as its owner declares it for the platform's health page. */
export interface JobQueue {
  /** Stable identifier, e.g. "ledger.blocks". */
  readonly key: string;
  /** What the operator reads, e.g. 账本区块. */
  readonly name: string;
  depth(): QueueDepth | Promise<QueueDepth>;
  /** The newest failed jobs, at most `limit`; queues that keep none leave this out. */
  failedJobs?(limit: number): Promise<FailedJob[]>;
  /** Runs a failed job again; false when no such failed job is there (any more). */
  retry?(rowId: number): Promise<boolean>;
  /** True for a queue shared by every process through Redis (BullMQ), which worker processes run. */
  readonly shared?: boolean;
}

/**
 * The job queues of this process (DESIGN.md §2 "jobs"): each module that runs one declares it
 * here as it registers, so the health page lists every queue without knowing the modules, and a
 * new queue shows up by being declared. Depths are read on demand, never copied.
 */
export class JobQueues {
  readonly #queues = new Map<string, JobQueue>();

  declare(queue: JobQueue): void {
    if (this.#queues.has(queue.key)) throw new Error(`job queue "${queue.key}" declared twice`);
    this.#queues.set(queue.key, queue);
  }

  /** Every declared queue with its depth now, in the order they were declared. */
  async depths(): Promise<(QueueDepth & { key: string; name: string })[]> {
    const queues = [...this.#queues.values()];
    const depths = await Promise.all(queues.map((queue) => queue.depth()));
    return queues.map((queue, index) => ({ key: queue.key, name: queue.name, ...depths[index] }));
  }

  /** The newest failed jobs of every queue that keeps them, newest first, at most `limit`. */
  async failedJobs(limit: number): Promise<(FailedJob & { queueName: string })[]> {
    const queues = [...this.#queues.values()];
    const lists = await Promise.all(queues.map(async (queue) => (await queue.failedJobs?.(limit)) ?? []));
    return lists
      .flatMap((list, index) => list.map((job) => ({ ...job, queueName: queues[index].name })))
      .sort((a, b) => b.failedAt - a.failedAt)
      .slice(0, limit);
  }

  /** Retries one failed job; false when the queue or the failed job is not there. */
  async retry(queueKey: string, rowId: number): Promise<boolean> {
    const queue = this.#queues.get(queueKey);
    return (await queue?.retry?.(rowId)) ?? false;
  }

  /** What the operator reads of every queue shared through Redis, in the order they were declared. */
  sharedNames(): string[] {
    return [...this.#queues.values()].filter((queue) => queue.shared).map((queue) => queue.name);
  }

  has(queueKey: string): boolean {
    return this.#queues.has(queueKey);
  }
}
