import type { QueueDepth } from "../../jobs/job-queues.js";

/**
 * Collects items and hands them to `integrate` in blocks: as soon as `maxItems` are waiting, or
 * when the oldest waiting item has waited `maxDelayMs`, whichever comes first. Blocks take turns
 * in the order their items arrived: a block's turn ends when its `integrate` settles, or earlier
 * when it calls `passTurn` (its remaining work no longer needs to run alone). Each item's promise
 * settles with what `integrate` answers for it, or with its error.
 */
export interface BlockQueueOptions<I, R, P> {
  readonly maxItems: number;
  readonly maxDelayMs: number;
  /**
   * Called once for each block as it closes (full, or its turn came), before its own `integrate`
   * and perhaps while an earlier block is still integrating: work that needs no earlier block done
   * starts here, ahead of its turn. Its answer is passed to `integrate`.
   */
  readonly prepare?: (items: I[]) => P;
  /**
   * Answers one result per item, in order. `passTurn` lets the next block start integrating
   * before this one has settled (the ledger hands a block to its writer, then builds the next).
   */
  readonly integrate: (items: I[], prepared: P, passTurn: () => void) => Promise<R[]>;
}

/**
 * The items of one future block, filled in arrival order. Its items wait on the block's one
 * promise, each taking its own result from it: a queue taking thousands of items a second then
 * costs one small reaction per item, not a promise, two resolvers and a record each.
 */
class PendingBlock<I, R, P> {
  readonly items: I[] = [];
  /** What `prepare` answered (or threw), once the block is closed: no item is added after it saw them. */
  prepared: { value: P } | { error: unknown } | null = null;
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

export class BlockQueue<I, R, P = undefined> {
  readonly #options: BlockQueueOptions<I, R, P>;
  /** Blocks not yet started, oldest first; all but the last are full (and closed). */
  #pending: PendingBlock<I, R, P>[] = [];
  #waitingItems = 0;
  #timer: NodeJS.Timeout | null = null;
  /** The turn of the block integrating alone now; none between turns. */
  #turn: Promise<void> | null = null;
  /** Blocks started and not yet settled (the one whose turn it is, and those that passed theirs). */
  readonly #unsettled = new Set<Promise<void>>();
  /** Items of the blocks started and not yet settled, and of blocks that failed since the queue began. */
  #runningItems = 0;
  #failedItems = 0;

  constructor(options: BlockQueueOptions<I, R, P>) {
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
    if (block.items.length === this.#options.maxItems) this.#close(block);
    this.#schedule();
    return result;
  }

  /** Integrates everything waiting now, then resolves (used on shutdown). */
  async flush(): Promise<void> {
    while (this.#turn || this.#pending.length > 0 || this.#unsettled.size > 0) {
      if (!this.#turn && this.#pending.length > 0) this.#start();
      await (this.#turn ?? Promise.all(this.#unsettled));
    }
  }

  #schedule(): void {
    const oldest = this.#pending[0];
    if (this.#turn || !oldest) return;
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
    this.#close(block);
    const count = block.items.length;
    this.#waitingItems -= count;
    this.#runningItems += count;
    let passTurn!: () => void;
    const turn = new Promise<void>((resolve) => {
      passTurn = resolve;
    });
    const settled = this.#run(block, passTurn).finally(() => {
      this.#runningItems -= count;
      this.#unsettled.delete(settled);
      passTurn();
    });
    this.#unsettled.add(settled);
    this.#turn = turn.then(() => {
      this.#turn = null;
      this.#schedule();
    });
  }

  #close(block: PendingBlock<I, R, P>): void {
    if (block.prepared) return;
    try {
      block.prepared = { value: this.#options.prepare?.(block.items) as P };
    } catch (error) {
      // Reaches the block's items in its turn, like any failure of the block.
      block.prepared = { error };
    }
  }

  async #run(block: PendingBlock<I, R, P>, passTurn: () => void): Promise<void> {
    let results: Promise<R[]>;
    try {
      const prepared = block.prepared!;
      if ("error" in prepared) throw prepared.error;
      results = this.#options.integrate(block.items, prepared.value, passTurn);
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
