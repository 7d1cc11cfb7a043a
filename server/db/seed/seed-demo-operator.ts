import type { Kysely } from "kysely";
import type { NewOperator } from "../../../src/schema/console/operator-auth.js";
import type { OperatorAccounts } from "../../modules/console/operators/operator-accounts.service.js";
import type { Database } from "../database.js";
import { seedAccountOnce } from "./seed-account-once.js";

const SEED_MARKER = "demo_operator_seeded_at";

/**
 * The development demo operator of the console (README: "the operator console"). Its password is
 * public, so it is created only where development providers are on, and the login refuses it
 * anywhere they are off. It binds an authenticator at its first login like any operator.
 */
export const DEMO_OPERATOR: NewOperator = {
  account: "admin",
  name: "演示管理员",
  password: "Console2026",
  roles: ["administrator"],
};

/** Seeds it once per installation (seed-account-once.ts). */
export async function seedDemoOperator(db: Kysely<Database>, accounts: OperatorAccounts, now: number): Promise<boolean> {
  return seedAccountOnce(db, SEED_MARKER, now, () => accounts.createWithPassword(DEMO_OPERATOR, db, { isDemo: true }));
}
