import { databaseTargetFor } from "../app.js";
import { openDatabase } from "../db/dialect.js";
import { migrateToLatest } from "../db/migrate.js";
import { BusinessError } from "../http/envelope.js";
import { PasswordHasher } from "../modules/account/password-hasher.js";
import { AuditTrail } from "../modules/console/audit/audit-trail.js";
import { AuditRepository } from "../modules/console/audit/audit.repository.js";
import { OperatorAccounts } from "../modules/console/operators/operator-accounts.service.js";
import { OperatorManagement } from "../modules/console/operators/operator-management.service.js";
import { OperatorRepository } from "../modules/console/operators/operator.repository.js";
import { SessionRepository } from "../modules/session/session.repository.js";
import { SessionService } from "../modules/session/session.service.js";
import { loadConfigOrExit } from "../startup.js";

export const CLI_EXIT = { ok: 0, failed: 1, usage: 64 } as const;

/** What the console's command-line tools work with: the same services as the operators page. */
export type ConsoleCli = { management: OperatorManagement; accounts: OperatorAccounts; operators: OperatorRepository; describe: string };

/**
 * Runs one console command against the server's configuration (DATA_DIR or DATABASE_URL),
 * beside a running server or without one. Its actions are audited as the command line's
 * (operator 命令行); the command line writes no ledger, so the server appends their entries
 * within one housekeeping round (ten minutes) or at its next start. A refusal (a taken account,
 * an unknown one) prints its message and exits 1.
 */
export async function runConsoleCli(work: (cli: ConsoleCli) => Promise<string>): Promise<number> {
  const config = loadConfigOrExit();
  const database = openDatabase(databaseTargetFor(config));
  const { db } = database;
  try {
    await migrateToLatest(db);
    const now = Date.now;
    const operators = new OperatorRepository(db);
    const accounts = new OperatorAccounts({ operators, hasher: new PasswordHasher(config.passwordScryptLogN), now });
    const log = { warn: (object: object, message: string) => console.warn(message, object), info: () => {} };
    const audit = new AuditTrail({ db, repository: new AuditRepository(db), ledger: null, now, log });
    const sessions = new SessionService(new SessionRepository(db), now);
    const management = new OperatorManagement({ operators, accounts, audit, sessions, fields: null, now });
    console.log(await work({ management, accounts, operators, describe: database.describe() }));
    return CLI_EXIT.ok;
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    console.error(`未完成：${error.message}`);
    return CLI_EXIT.failed;
  } finally {
    await db.destroy();
  }
}

/** Ends the process with the command's exit code; an unexpected error is printed whole. */
export function exitWith(run: Promise<number>, what: string): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${what}失败：`, error);
      process.exit(CLI_EXIT.failed);
    },
  );
}
