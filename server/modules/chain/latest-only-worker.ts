/**
 * Runs `work` for offered values one at a time; while one runs, only the newest offer waits.
 * Checkpoints come faster than a slow witness or TSA answers, and a cosignature or token over a
 * later checkpoint covers every entry below it, so the ones in between can be skipped.
 */
export class LatestOnlyWorker<T> {
  #pending: { value: T } | null = null;
  #running: Promise<void> | null = null;

  constructor(
    private readonly work: (value: T) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  offer(value: T): void {
    this.#pending = { value };
    this.#running ??= this.#drain().finally(() => {
      this.#running = null;
    });
  }

  /** A value offered and not yet taken up (at most one: only the newest waits). */
  get isWaiting(): boolean {
    return this.#pending !== null;
  }

  get isRunning(): boolean {
    return this.#running !== null;
  }

  /** Resolves once nothing is running or waiting. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#pending) {
      const { value } = this.#pending;
      this.#pending = null;
      try {
        await this.work(value);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
