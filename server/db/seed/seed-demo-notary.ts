import type { Kysely } from "kysely";
import type { NewNotaryUser } from "../../../src/schema/notary.js";
import type { NotaryStaffService } from "../../modules/notary/notary-staff.service.js";
import type { Database } from "../database.js";
import { seedAccountOnce } from "./seed-account-once.js";

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

/** Seeds it once per installation (seed-account-once.ts). */
export async function seedDemoNotary(db: Kysely<Database>, staff: NotaryStaffService, now: number): Promise<boolean> {
  return seedAccountOnce(db, SEED_MARKER, now, () => staff.createUser(DEMO_NOTARY_USER, { isDemo: true }));
}
