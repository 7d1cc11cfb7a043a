import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { NonceStore } from "./nonce-store.js";

/** Single-use markers in the used_nonces table (one process, or several on one database without Redis). */
export class NonceRepository implements NonceStore {
  constructor(private readonly db: Kysely<Database>) {}

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
