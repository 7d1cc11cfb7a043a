import type { Kysely } from "kysely";

/**
 * A capture's package no longer waits as a file on the disk of the process that captured it: it
 * waits as the blob store's scratch file `capture-<id>.wacz` (server/modules/capture/capture-packages.ts),
 * so the column naming that local file goes. A capture waiting for its holder's review when this
 * runs keeps its digests but its local package is not moved: its 接受 fails as 封存失败 and its unit
 * goes back (the platform had no installation holding such captures when this was written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("captures").dropColumn("package_path").execute();
}
