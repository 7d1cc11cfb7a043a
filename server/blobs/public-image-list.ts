import type { Kysely, Selectable } from "kysely";
import type { AvatarImagesTable, Database } from "../db/database.js";

/** Tables listing blobs published as pictures, each owned by its module; they share these columns. */
export type PublicImageTable = "avatar_images" | "content_images";
export type PublicImageRow = Selectable<AvatarImagesTable>;

/**
 * The blobs a module publishes as pictures (avatars, content images), by SHA-256: the allow-list
 * of that module's public picture route, so no other blob is reachable through it. The owning
 * module's repository is one of these on its own table.
 */
export class PublicImageList {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: PublicImageTable,
  ) {}

  async record(sha256: string, mimeType: string, at: number): Promise<void> {
    await this.db
      .insertInto(this.table)
      .values({ sha256, mime_type: mimeType, created_at: at })
      .onConflict((conflict) => conflict.column("sha256").doNothing())
      .execute();
  }

  async find(sha256: string): Promise<PublicImageRow | undefined> {
    return this.db.selectFrom(this.table).selectAll().where("sha256", "=", sha256).executeTakeFirst();
  }

  /** Which of `sha256s` are on the list. */
  async known(sha256s: readonly string[]): Promise<Set<string>> {
    if (sha256s.length === 0) return new Set();
    const rows = await this.db.selectFrom(this.table).select("sha256").where("sha256", "in", sha256s).execute();
    return new Set(rows.map((row) => row.sha256));
  }
}
