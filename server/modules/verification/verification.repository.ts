import type { Kysely, Selectable } from "kysely";
import type { Database, VerificationCodesTable } from "../../db/database.js";

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export class VerificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<VerificationCodeRow, "id">): Promise<void> {
    await this.db.insertInto("verification_codes").values(row).execute();
  }

  async countSentToSince(target: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom("verification_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("target", "=", target)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countSentFromIpSince(ip: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom("verification_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ip", "=", ip)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The newest live code for a target and purpose; older ones stop counting once a new one is sent. */
  async findNewestLive(target: string, purpose: number, now: number): Promise<VerificationCodeRow | undefined> {
    return this.db
      .selectFrom("verification_codes")
      .selectAll()
      .where("target", "=", target)
      .where("purpose", "=", purpose)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", now)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Counts a try before the code is compared, in one conditional statement, so tries sent at once
   * cannot all read "no wrong tries yet": false when the code has used up its tries.
   */
  async reserveAttempt(id: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable("verification_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("attempts", "<", maxAttempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Consumes the code once: false when another request consumed it first. */
  async consume(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("verification_codes")
      .set({ consumed_at: now })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
