/**
 * Runs an async pass one at a time: a request while a pass is under way makes exactly one more
 * pass after it, so many kicks in a burst cost at most two passes and none is missed.
 */
export class SerialPass {
  #isRunning = false;
  #isRequestedAgain = false;
  #isStopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get isRunning(): boolean {
    return this.#isRunning;
  }

  request(): void {
    if (this.#isStopped) return;
    if (this.#isRunning) {
      this.#isRequestedAgain = true;
      return;
    }
    this.#isRunning = true;
    void this.pass()
      .catch(this.onError)
      .finally(() => {
        this.#isRunning = false;
        if (this.#isRequestedAgain) {
          this.#isRequestedAgain = false;
          this.request();
        }
      });
  }

  stop(): void {
    this.#isStopped = true;
  }
}
