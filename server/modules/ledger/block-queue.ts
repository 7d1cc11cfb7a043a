import type { QueueDepth } from "../../jobs/job-queues.js";

/**
 * Collects items and hands them to `integrate` in blocks: as soon as `maxItems` are waiting, or
 * when the oldest waiting item has waited `maxDelayMs`, whichever comes first. One block at a time,
 * so blocks are integrated in the order their items arrived. Each item's promise settles with what
 * `integrate` answers for it, or with its error.
 */
export interface BlockQueueOptions<I, R> {
  readonly maxItems: number;
  readonly maxDelayMs: number;
  /** Answers one result per item, in order. */
  readonly integrate: (items: I[]) => Promise<R[]>;
}

/**
 * The items of one future block, filled in arrival order. Its items wait on the block's one
 * promise, each taking its own result from it: a queue taking thousands of items a second then
 * costs one small reaction per item, not a promise, two resolvers and a record each.
 */
class PendingBlock<I, R> {
  readonly items: I[] = [];
  /** When its first (oldest) item arrived. */
  readonly since = performance.now();
  readonly results: Promise<R[]>;
  settle!: (results: Promise<R[]>) => void;

  constructor() {
    this.results = new Promise<R[]>((resolve) => {
      this.settle = resolve;
    });
  }

  add(item: I): Promise<R> {
    const position = this.items.push(item) - 1;
    return this.results.then((results) => results[position]);
  }
}

export class BlockQueue<I, R> {
  readonly #options: BlockQueueOptions<I, R>;
  /** Blocks not yet started, oldest first; all but the last are full. */
  #pending: PendingBlock<I, R>[] = [];
  #waitingItems = 0;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  /** Items of the block being integrated now, and of blocks that failed since the queue began. */
  #runningItems = 0;
  #failedItems = 0;

  constructor(options: BlockQueueOptions<I, R>) {
    if (options.maxItems < 1 || options.maxDelayMs < 0) throw new RangeError("a block holds at least one item and waits a non-negative time");
    this.#options = options;
  }

  get waiting(): number {
    return this.#waitingItems;
  }

  depth(): QueueDepth {
    return { waiting: this.#waitingItems, running: this.#runningItems, failed: this.#failedItems };
  }

  push(item: I): Promise<R> {
    let block = this.#pending.at(-1);
    if (!block || block.items.length >= this.#options.maxItems) this.#pending.push((block = new PendingBlock()));
    this.#waitingItems += 1;
    const result = block.add(item);
    this.#schedule();
    return result;
  }

  /** Integrates everything waiting now, then resolves (used on shutdown). */
  async flush(): Promise<void> {
    while (this.#running || this.#pending.length > 0) {
      if (!this.#running) this.#start();
      await this.#running;
    }
  }

  #schedule(): void {
    const oldest = this.#pending[0];
    if (this.#running || !oldest) return;
    const { maxItems, maxDelayMs } = this.#options;
    const due = oldest.since + maxDelayMs - performance.now();
    if (oldest.items.length >= maxItems || due <= 0) {
      this.#start();
    } else if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#schedule();
      }, due);
    }
  }

  #start(): void {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const block = this.#pending.shift()!;
    this.#waitingItems -= block.items.length;
    this.#runningItems = block.items.length;
    this.#running = this.#run(block).finally(() => {
      this.#running = null;
      this.#runningItems = 0;
      this.#schedule();
    });
  }

  async #run(block: PendingBlock<I, R>): Promise<void> {
    let results: Promise<R[]>;
    try {
      results = this.#options.integrate(block.items);
    } catch (error) {
      results = Promise.reject(error);
    }
    block.settle(results);
    try {
      await results;
    } catch {
      // Each item's promise rejects with the error; the queue only counts them.
      this.#failedItems += block.items.length;
    }
  }
}
