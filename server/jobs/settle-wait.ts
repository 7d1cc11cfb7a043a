/**
 * An asking call waiting for a queued row to settle (requested jobs, litigation packages): the
 * row is polled, quickly at first, because a worker elsewhere may settle it; a run of this process
 * wakes its asker at once through SettleSignals.
 */
/** How long an asking call waits for its row: under the usual 60 s of a proxy in front. */
export const ANSWER_WAIT_MS = 55_000;
const FIRST_POLL_MS = 10;
const LONGEST_POLL_MS = 250;

/** Wakes the askers in this process whose row a job of this process has just settled. */
export class SettleSignals {
  readonly #waiting = new Map<number, () => void>();

  /** Resolves when `id` is settled here, or after `ms`, whichever comes first. */
  wait(id: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiting = this.#waiting;
      function done() {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      }
      waiting.set(id, done);
    });
  }

  settled(id: number): void {
    this.#waiting.get(id)?.();
  }
}

/** The row once `isSettled` says so, or null when `waitMs` (real time) ran out first. */
export async function waitUntilSettled<Row>(
  id: number,
  find: () => Promise<Row | undefined>,
  isSettled: (row: Row) => boolean,
  signals: SettleSignals,
  waitMs: number,
): Promise<Row | null> {
  const deadline = Date.now() + waitMs;
  for (let pause = FIRST_POLL_MS; Date.now() < deadline; pause = Math.min(pause * 2, LONGEST_POLL_MS)) {
    const row = await find();
    if (row && isSettled(row)) return row;
    await signals.wait(id, Math.min(pause, Math.max(1, deadline - Date.now())));
  }
  return null;
}
