import type { Kysely } from "kysely";
import type { Database } from "./database.js";

/** Installation facts in app_meta (migration 0001), e.g. markers of work done once per installation. */
export class AppMetaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async has(key: string): Promise<boolean> {
    return (await this.db.selectFrom("app_meta").select("key").where("key", "=", key).executeTakeFirst()) !== undefined;
  }

  async get(key: string): Promise<string | null> {
    return (await this.db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst())?.value ?? null;
  }

  /** Records `key` once; a second writer (another replica starting) leaves the first one's value. */
  async markOnce(key: string, value: string, now: number): Promise<void> {
    await this.db.insertInto("app_meta").values({ key, value, updated_at: now }).onConflict((conflict) => conflict.column("key").doNothing()).execute();
  }
}
