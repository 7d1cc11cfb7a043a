import type { SessionRepository } from "./session.repository.js";

/**
 * How often the sessions' "last seen" times are written: each session at most once per interval,
 * all of them in one transaction, instead of a write for every call (issue 20).
 *
 * What a crash costs, decided: a graceful stop writes what is pending (close). A SIGKILL loses at
 * most this interval of "last seen", and the database then holds an earlier time than the truth,
 * so a session can only expire *earlier* than it should (by at most this long), never later: the
 * idle limit is never stretched, which is the side a security rule must err on.
 */
export const LAST_SEEN_WRITE_INTERVAL_MS = 2_000;

/**
 * The write-behind of session refreshes. `note` records that a session was seen; `flush` writes
 * every noted time and keeps each one visible through `pendingAt` until its write has committed,
 * so a session read back from the database meanwhile is not judged on an older time.
 */
export class LastSeenWriter {
  private pending = new Map<string, number>();
  private inFlight = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: SessionRepository,
    private readonly log: { warn(object: object, message: string): void },
  ) {}

  note(tokenHash: string, at: number): void {
    if ((this.pending.get(tokenHash) ?? 0) < at) this.pending.set(tokenHash, at);
  }

  /** The newest time noted here and not yet committed to the database. */
  pendingAt(tokenHash: string): number | undefined {
    const noted = this.pending.get(tokenHash);
    const writing = this.inFlight.get(tokenHash);
    if (noted === undefined) return writing;
    return writing === undefined ? noted : Math.max(noted, writing);
  }

  /** The session ended: its last-seen time no longer matters (and a write would not touch an ended row). */
  drop(tokenHash: string): void {
    this.pending.delete(tokenHash);
  }

  /** Writes what is noted; flushes run one after the other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Flushes every `intervalMs` until close. */
  start(intervalMs = LAST_SEEN_WRITE_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs).unref();
  }

  /** Stops the timer and writes what is still pending, so a graceful stop loses no refresh. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    this.inFlight = this.pending;
    this.pending = new Map();
    try {
      await this.repository.recordLastSeen(this.inFlight);
    } catch (error) {
      // Kept for the next flush: a refresh is never dropped for a passing database error.
      for (const [tokenHash, at] of this.inFlight) this.note(tokenHash, at);
      this.log.warn({ err: error, sessions: this.inFlight.size }, "sessions: writing last-seen times failed; retrying with the next flush");
    } finally {
      this.inFlight = new Map();
    }
  }
}
