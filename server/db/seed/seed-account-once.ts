import type { Kysely } from "kysely";
import { AccountCode } from "../../../src/schema/account.js";
import { BusinessError } from "../../http/envelope.js";
import type { Database } from "../database.js";

/**
 * Seeds a development demo account once per installation: the marker is written after the
 * account, so a crash between the two only means the next start finds the account already there
 * and writes the marker. An operator who later removes the account does not see it come back.
 * Answers whether the account was created now.
 */
export async function seedAccountOnce(db: Kysely<Database>, marker: string, now: number, create: () => Promise<unknown>): Promise<boolean> {
  const already = await db.selectFrom("app_meta").select("key").where("key", "=", marker).executeTakeFirst();
  if (already) return false;
  let created = true;
  try {
    await create();
  } catch (error) {
    if (!(error instanceof BusinessError && error.code === AccountCode.accountAlreadyRegistered)) throw error;
    created = false;
  }
  await db
    .insertInto("app_meta")
    .values({ key: marker, value: String(now), updated_at: now })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  return created;
}
