import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./database.js";
import * as foundation from "./migrations/0001-foundation.js";
import * as accounts from "./migrations/0002-accounts.js";
import * as scanLogin from "./migrations/0003-scan-login.js";
import * as personalCentre from "./migrations/0004-personal-centre.js";
import * as notary from "./migrations/0005-notary.js";
import * as ledger from "./migrations/0006-ledger.js";
import * as evidence from "./migrations/0007-evidence.js";
import * as evidenceLibrary from "./migrations/0008-evidence-library.js";
import * as billing from "./migrations/0009-billing.js";
import * as ledgerWitness from "./migrations/0010-ledger-witness.js";
import * as loginAttempts from "./migrations/0014-login-attempts.js";

/**
 * Versioned migrations, listed in code rather than read from a folder so that the bundle, the
 * tests and `npm start` all see the same ordered set. Names sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-accounts": accounts,
  "0003-scan-login": scanLogin,
  "0004-personal-centre": personalCentre,
  "0005-notary": notary,
  "0006-ledger": ledger,
  "0007-evidence": evidence,
  "0008-evidence-library": evidenceLibrary,
  "0009-billing": billing,
  "0010-ledger-witness": ledgerWitness,
  "0014-login-attempts": loginAttempts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Numbers are reserved per module and modules land in any order (0005 before 0003), so a later
  // lower number must still run on a database that already has the higher ones; each touches only
  // its own tables.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ""}：${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
