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
import * as operators from "./migrations/0015-operators.js";
import * as identityReview from "./migrations/0016-identity-review.js";
import * as customerConsole from "./migrations/0017-customer-console.js";
import * as contentPublication from "./migrations/0018-content-publication.js";
import * as moneyJournal from "./migrations/0019-money-journal.js";
import * as paymentOrders from "./migrations/0020-payment-orders.js";
import * as packagesAndBundles from "./migrations/0021-packages-and-bundles.js";
import * as invoices from "./migrations/0022-invoices.js";
import * as offlineContracts from "./migrations/0023-offline-contracts.js";
import * as paymentRefunds from "./migrations/0024-payment-refunds.js";
import * as captures from "./migrations/0025-captures.js";
import * as recordings from "./migrations/0026-recordings.js";
import * as devices from "./migrations/0027-devices.js";
import * as seals from "./migrations/0028-seals.js";
import * as notarization from "./migrations/0029-notarization.js";
import * as judicialAppraisal from "./migrations/0030-judicial-appraisal.js";
import * as digitalReports from "./migrations/0031-digital-reports.js";
import * as lawyerService from "./migrations/0032-lawyer-service.js";
import * as monitoring from "./migrations/0033-monitoring.js";
import * as helpCentre from "./migrations/0034-help-centre.js";
import * as searchIndex from "./migrations/0035-search-index.js";
import * as lawsuitPackages from "./migrations/0036-lawsuit-packages.js";
import * as legalAi from "./migrations/0037-legal-ai.js";
import * as jobRequests from "./migrations/0038-job-requests.js";
import * as sharedPackages from "./migrations/0039-shared-packages.js";
import * as lawsuitPackageJobs from "./migrations/0040-lawsuit-package-jobs.js";
import * as sharedRecordingFiles from "./migrations/0041-shared-recording-files.js";
import * as sharedCapturePackages from "./migrations/0042-shared-capture-packages.js";
import * as ledgerEntriesRowid from "./migrations/0043-ledger-entries-rowid.js";
import * as ledgerEntriesDerivedColumns from "./migrations/0044-ledger-entries-derived-columns.js";

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
  "0015-operators": operators,
  "0016-identity-review": identityReview,
  "0017-customer-console": customerConsole,
  "0018-content-publication": contentPublication,
  "0019-money-journal": moneyJournal,
  "0020-payment-orders": paymentOrders,
  "0021-packages-and-bundles": packagesAndBundles,
  "0022-invoices": invoices,
  "0023-offline-contracts": offlineContracts,
  "0024-payment-refunds": paymentRefunds,
  "0025-captures": captures,
  "0026-recordings": recordings,
  "0027-devices": devices,
  "0028-seals": seals,
  "0029-notarization": notarization,
  "0030-judicial-appraisal": judicialAppraisal,
  "0031-digital-reports": digitalReports,
  "0032-lawyer-service": lawyerService,
  "0033-monitoring": monitoring,
  "0034-help-centre": helpCentre,
  "0035-search-index": searchIndex,
  "0036-lawsuit-packages": lawsuitPackages,
  "0037-legal-ai": legalAi,
  "0038-job-requests": jobRequests,
  "0039-shared-packages": sharedPackages,
  "0040-lawsuit-package-jobs": lawsuitPackageJobs,
  "0041-shared-recording-files": sharedRecordingFiles,
  "0042-shared-capture-packages": sharedCapturePackages,
  "0043-ledger-entries-rowid": ledgerEntriesRowid,
  "0044-ledger-entries-derived-columns": ledgerEntriesDerivedColumns,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Numbers are reserved per module and modules land in any order (0005 before 0003), so a later
// lower number must still run on a database that already has the higher ones; each touches only
// its own tables.
const migratorOf = (db: Kysely<Database>) => new Migrator({ db, provider, allowUnorderedMigrations: true });

/**
 * Brings the schema up to date: a step of its own (server/cli/migrate.ts, the first step of
 * server.ts, the tests' fresh databases), never a side effect of building the app. Answers the
 * names of the migrations it ran.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ""}：${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

export class SchemaOutdatedError extends Error {
  constructor(readonly pending: string[]) {
    super(`数据库结构不是最新：尚有 ${pending.length} 个迁移未执行（${pending.join("、")}）。请先运行 npm run migrate（或去掉 MIGRATE_ON_START=false，由服务启动时执行迁移）`);
    this.name = "SchemaOutdatedError";
  }
}

/** Refuses to serve from a schema older than this code (a deployment that skipped its migration step). */
export async function assertSchemaCurrent(db: Kysely<Database>): Promise<void> {
  const pending = (await migratorOf(db).getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length > 0) throw new SchemaOutdatedError(pending);
}
