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

interface Waiting<I, R> {
  readonly item: I;
  readonly since: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class BlockQueue<I, R> {
  readonly #options: BlockQueueOptions<I, R>;
  #waiting: Waiting<I, R>[] = [];
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
    return this.#waiting.length;
  }

  depth(): QueueDepth {
    return { waiting: this.#waiting.length, running: this.#runningItems, failed: this.#failedItems };
  }

  push(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ item, since: performance.now(), resolve, reject });
      this.#schedule();
    });
  }

  /** Integrates everything waiting now, then resolves (used on shutdown). */
  async flush(): Promise<void> {
    while (this.#running || this.#waiting.length > 0) {
      if (!this.#running) this.#start();
      await this.#running;
    }
  }

  #schedule(): void {
    if (this.#running || this.#waiting.length === 0) return;
    const { maxItems, maxDelayMs } = this.#options;
    const due = this.#waiting[0].since + maxDelayMs - performance.now();
    if (this.#waiting.length >= maxItems || due <= 0) {
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
    const block = this.#waiting.splice(0, this.#options.maxItems);
    this.#runningItems = block.length;
    this.#running = this.#run(block).finally(() => {
      this.#running = null;
      this.#runningItems = 0;
      this.#schedule();
    });
  }

  async #run(block: Waiting<I, R>[]): Promise<void> {
    try {
      const results = await this.#options.integrate(block.map((waiting) => waiting.item));
      block.forEach((waiting, i) => waiting.resolve(results[i]));
    } catch (error) {
      this.#failedItems += block.length;
      for (const waiting of block) waiting.reject(error);
    }
  }
}
