import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

export type Reservation = { key: string; count: number; windowStart: number };

/** The only code that touches login_attempt_counters (DESIGN.md §8). */
export class LoginAttemptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt on `key` in one upsert and answers the count with it: a key whose window
   * has ended starts a new one at `now`. Attempts sent at once each get their own count, so a
   * limit holds however many arrive together.
   */
  async reserve(key: string, now: number, windowMs: number): Promise<Reservation> {
    const ended = now - windowMs;
    const row = await this.db
      .insertInto("login_attempt_counters")
      .values({ key, window_start: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => ({
          // Both read the row as it was before this statement.
          count: eb.case().when("login_attempt_counters.window_start", "<=", ended).then(1).else(eb("login_attempt_counters.count", "+", 1)).end(),
          window_start: eb.case().when("login_attempt_counters.window_start", "<=", ended).then(now).else(eb.ref("login_attempt_counters.window_start")).end(),
        })),
      )
      .returning(["count", "window_start"])
      .executeTakeFirstOrThrow();
    return { key, count: Number(row.count), windowStart: Number(row.window_start) };
  }

  /** Takes back an attempt that was not a failure, unless its window has ended meanwhile. */
  async release(reservation: Reservation): Promise<void> {
    await this.db
      .updateTable("login_attempt_counters")
      .set((eb) => ({ count: eb("count", "-", 1) }))
      .where("key", "=", reservation.key)
      .where("window_start", "=", reservation.windowStart)
      .where("count", ">", 0)
      .execute();
  }

  async forget(key: string): Promise<void> {
    await this.db.deleteFrom("login_attempt_counters").where("key", "=", key).execute();
  }

  async deleteEndedBefore(windowStart: number): Promise<void> {
    await this.db.deleteFrom("login_attempt_counters").where("window_start", "<", windowStart).execute();
  }
}
