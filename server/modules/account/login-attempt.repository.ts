import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

import type { LoginAttemptCounters, Reservation } from "./login-attempt-counters.js";

/** The only code that touches login_attempt_counters (DESIGN.md §8): the counters of one process, or of several without Redis. */
export class LoginAttemptRepository implements LoginAttemptCounters {
  constructor(private readonly db: Kysely<Database>) {}

  /** One upsert: attempts sent at once each get their own count. */
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
