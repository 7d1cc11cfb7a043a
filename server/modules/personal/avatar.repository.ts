import type { Kysely, Selectable } from "kysely";
import type { AvatarImagesTable, Database } from "../../db/database.js";

/** The blobs published as avatars: the allow-list of the public image route. */
export class AvatarRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(sha256: string, mimeType: string, at: number): Promise<void> {
    await this.db
      .insertInto("avatar_images")
      .values({ sha256, mime_type: mimeType, created_at: at })
      .onConflict((conflict) => conflict.column("sha256").doNothing())
      .execute();
  }

  async find(sha256: string): Promise<Selectable<AvatarImagesTable> | undefined> {
    return this.db.selectFrom("avatar_images").selectAll().where("sha256", "=", sha256).executeTakeFirst();
  }
}
