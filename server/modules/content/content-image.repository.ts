import type { Kysely, Selectable } from "kysely";
import type { ContentImagesTable, Database } from "../../db/database.js";

/** The blobs uploaded as content images: the allow-list of the public content image route. */
export class ContentImageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(sha256: string, mimeType: string, at: number): Promise<void> {
    await this.db
      .insertInto("content_images")
      .values({ sha256, mime_type: mimeType, created_at: at })
      .onConflict((conflict) => conflict.column("sha256").doNothing())
      .execute();
  }

  async find(sha256: string): Promise<Selectable<ContentImagesTable> | undefined> {
    return this.db.selectFrom("content_images").selectAll().where("sha256", "=", sha256).executeTakeFirst();
  }

  /** Which of `sha256s` are content images. */
  async known(sha256s: readonly string[]): Promise<Set<string>> {
    if (sha256s.length === 0) return new Set();
    const rows = await this.db.selectFrom("content_images").select("sha256").where("sha256", "in", sha256s).execute();
    return new Set(rows.map((row) => row.sha256));
  }
}
