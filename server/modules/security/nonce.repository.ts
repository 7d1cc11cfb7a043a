import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

/** Single-use markers: a nonce can be claimed once until it expires. */
export class NonceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when this call claimed the nonce; false when it was used before. */
  async claim(nonce: string, expiresAt: number): Promise<boolean> {
    const result = await this.db
      .insertInto("used_nonces")
      .values({ nonce, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column("nonce").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom("used_nonces").where("expires_at", "<", now).execute();
  }
}
