import type { Kysely } from "kysely";
import { AccountCode } from "../../../src/schema/account.js";
import type { NewNotaryUser } from "../../../src/schema/notary.js";
import { BusinessError } from "../../http/envelope.js";
import type { NotaryStaffService } from "../../modules/notary/notary-staff.service.js";
import type { Database } from "../database.js";

const SEED_MARKER = "demo_notary_seeded_at";

/**
 * The development demo notary account (README: "trying the notary console"). Its password is
 * public, so it is created only where development providers are on, and the login refuses it
 * anywhere they are off, should a development database ever be run in production.
 */
export const DEMO_NOTARY_USER: NewNotaryUser = {
  officeName: "衡证演示公证处",
  account: "demo-notary",
  name: "演示公证员",
  password: "Notary2026",
};

/**
 * Seeds it once per installation: the marker is written after the account, so a crash between the
 * two only means the next start finds the account already there and writes the marker. An operator
 * who later removes the account does not see it come back.
 */
export async function seedDemoNotary(db: Kysely<Database>, staff: NotaryStaffService, now: number): Promise<boolean> {
  const already = await db.selectFrom("app_meta").select("key").where("key", "=", SEED_MARKER).executeTakeFirst();
  if (already) return false;
  let created = true;
  try {
    await staff.createUser(DEMO_NOTARY_USER, { isDemo: true });
  } catch (error) {
    if (!(error instanceof BusinessError && error.code === AccountCode.accountAlreadyRegistered)) throw error;
    created = false;
  }
  await db
    .insertInto("app_meta")
    .values({ key: SEED_MARKER, value: String(now), updated_at: now })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  return created;
}
