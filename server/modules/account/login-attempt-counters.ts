export type Reservation = { key: string; count: number; windowStart: number };

/**
 * The failed-login counters behind LoginThrottle: in the database (login-attempt.repository.ts) for
 * one process, in the shared Redis (login-attempt.redis-store.ts) when several serve, so that
 * failures on any process count toward the same lock-out.
 */
export interface LoginAttemptCounters {
  /**
   * Counts one attempt on `key` and answers the count with it, in one atomic step: a key whose
   * window has ended starts a new one at `now`. Attempts sent at once each get their own count,
   * so a limit holds however many arrive together.
   */
  reserve(key: string, now: number, windowMs: number): Promise<Reservation>;
  /** Takes back an attempt that was not a failure, unless its window has ended meanwhile. */
  release(reservation: Reservation): Promise<void>;
  /** Forgets the key's failures (a success from that source). */
  forget(key: string): Promise<void>;
}
