import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../../server/db/dialect.js";
import { migrateToLatest } from "../../../server/db/migrate.js";

/**
 * A fresh, migrated database of the kind this test project runs on (vitest.config.ts sets
 * TEST_DB_KIND): a new SQLite file in a temporary folder, or a new database on the PostgreSQL
 * server that scripts/test.sh started. A missing server fails the run; it never skips. Migrating is
 * the deployment's step, not the app's (server/db/migrate.ts), so the tests take it here.
 */
export type TestDatabase = { handle: DatabaseHandle; dataDir: string; dispose(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-test-"));
  const kind = process.env.TEST_DB_KIND ?? "sqlite";
  if (kind === "sqlite") {
    const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "platform.sqlite") });
    await migrateToLatest(handle.db);
    return { handle, dataDir, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      "TEST_DATABASE_URL is not set: the server-postgres tests need a PostgreSQL server. Run them through `npm test`, which starts one.",
    );
  }
  const name = `evidence_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    handle,
    dataDir,
    async dispose() {
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
