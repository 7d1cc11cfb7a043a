import type { Kysely } from "kysely";
import { PublicImageList } from "../../blobs/public-image-list.js";
import type { Database } from "../../db/database.js";

/** The blobs published as avatars: the allow-list of the public image route. */
export class AvatarRepository extends PublicImageList {
  constructor(db: Kysely<Database>) {
    super(db, "avatar_images");
  }
}
