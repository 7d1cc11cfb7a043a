import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import type { CaptchaStore } from "./captcha-store.js";

/** The only code that touches the captchas table (DESIGN.md §8). */
export class CaptchaRepository implements CaptchaStore {
  constructor(private readonly db: Kysely<Database>) {}

  async save(id: string, answerHash: string, expiresAt: number): Promise<void> {
    await this.db.insertInto("captchas").values({ id, answer_hash: answerHash, expires_at: expiresAt, consumed_at: null }).execute();
  }

  async consume(id: string, now: number): Promise<string | undefined> {
    const consumed = await this.db
      .updateTable("captchas")
      .set({ consumed_at: now })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .where("expires_at", ">=", now)
      .returning("answer_hash")
      .executeTakeFirst();
    return consumed?.answer_hash;
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom("captchas").where("expires_at", "<", now).execute();
  }
}
