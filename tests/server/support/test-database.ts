import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../server/db/dialect.js";
import { migrateToLatest } from "../../../server/db/migrate.js";
import { copyPrefix, databaseUrl, withAdminClient, type DatabaseTemplate } from "./database-template.js";

/**
 * A fresh, migrated database of the kind this test project runs on (vitest.config.ts sets
 * TEST_DB_KIND): a new SQLite file in a temporary folder, or a new database on the PostgreSQL
 * server that scripts/test.sh started. A missing server fails the run; it never skips. Migrating is
 * the deployment's step, not the app's (server/db/migrate.ts): the project's global setup
 * (database-template.ts) takes it once per run, and each database here starts as a copy of that one.
 */
export type TestDatabase = { handle: DatabaseHandle; dataDir: string; dispose(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  // Benchmarks (bench/*.bench.ts) start the test app outside vitest, without its template.
  const template = process.env.VITEST ? inject("databaseTemplate") : undefined;
  if (!template && process.env.TEST_DB_KIND === "postgres") {
    throw new Error("TEST_DATABASE_URL is not set: the server-postgres tests need a PostgreSQL server. Run them through `npm test`, which starts one.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-test-"));
  // The component and capture projects start a real app now and then, without the server projects'
  // template (their global setup): those few migrate a SQLite file of their own.
  if (!template) return migratedSqlite(dataDir);
  return template.kind === "sqlite" ? copySqlite(template, dataDir) : copyPostgres(template, dataDir);
}

async function migratedSqlite(dataDir: string): Promise<TestDatabase> {
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
  await migrateToLatest(handle.db);
  return { handle, dataDir, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

function copySqlite(template: Extract<DatabaseTemplate, { kind: "sqlite" }>, dataDir: string): TestDatabase {
  const file = path.join(dataDir, "platform.sqlite");
  fs.copyFileSync(template.file, file);
  return { handle: openDatabase({ kind: "sqlite", file }), dataDir, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A copy takes a fifth of a second on a quiet machine and more under load, and each file makes a
 * few: so each worker keeps one copy made ahead while its tests run, and drops a used one without
 * waiting for it. Copies are named after their template, so the run's teardown (database-template.ts)
 * drops whatever a worker left behind when it exited.
 */
let spare: { template: string; name: Promise<string> } | undefined;

function startCopy(adminUrl: string, templateName: string): Promise<string> {
  const name = `${copyPrefix(templateName)}${randomBytes(6).toString("hex")}`;
  return withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`)).then(() => name);
}

async function copyPostgres({ adminUrl, name: templateName }: Extract<DatabaseTemplate, { kind: "postgres" }>, dataDir: string): Promise<TestDatabase> {
  const taken = spare?.template === templateName ? spare.name : startCopy(adminUrl, templateName);
  const ahead = startCopy(adminUrl, templateName);
  // A copy made ahead and never taken is the teardown's to drop; its failure is the next taker's.
  ahead.catch(() => undefined);
  spare = { template: templateName, name: ahead };
  const name = await taken;
  return {
    handle: openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) }),
    dataDir,
    async dispose() {
      // Not awaited: nothing reads a dropped copy, and a drop cut off by the worker's exit is the teardown's.
      void withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * True in the server-postgres project. A file or part that proves nothing about the database (HTTP
 * headers, static files, log lines, parsers that refuse before any query, a TSA over HTTP) runs in
 * the SQLite project only: `describe.skipIf(onPostgres)`, with a line saying why.
 */
export const onPostgres = process.env.TEST_DB_KIND === "postgres";
