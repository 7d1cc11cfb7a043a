import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../../server/db/dialect.js";
import { migrateToLatest } from "../../../server/db/migrate.js";

/** A migrated database each test database of the run starts as a copy of (test-database.ts). */
export type DatabaseTemplate = { kind: "sqlite"; file: string } | { kind: "postgres"; adminUrl: string; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** Null when the PostgreSQL project has no server to run on: each file then says so. */
    databaseTemplate: DatabaseTemplate | null;
  }
}

/**
 * Once per run and server project (vitest.config.ts): all migrations on one database of the
 * project's kind, which test-database.ts copies for each file: a file copy for SQLite, CREATE
 * DATABASE … TEMPLATE for PostgreSQL. Running every migration again per file cost seconds each on
 * PostgreSQL on a loaded 2-core machine, about a fifth of the project's time.
 */
export default async function setup(project: TestProject) {
  const template = project.config.env.TEST_DB_KIND === "postgres" ? await postgresTemplate() : await sqliteTemplate();
  project.provide("databaseTemplate", template?.template ?? null);
  return () => template?.dispose();
}

type Prepared = { template: DatabaseTemplate; dispose(): Promise<void> };

async function sqliteTemplate(): Promise<Prepared> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-template-"));
  const file = path.join(dir, "platform.sqlite");
  const handle = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(handle.db);
  // Closing folds the write-ahead log into the file, so the file alone is the whole database.
  await handle.db.destroy();
  return { template: { kind: "sqlite", file }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplate(): Promise<Prepared | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `evidence_template_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, async (client) => {
    await dropOrphanCopies(client);
    await client.query(`CREATE DATABASE ${name}`);
  });
  // A template must have no connections while it is copied: the pool closes before the first file.
  const handle = openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.db.destroy();
  }
  return {
    template: { kind: "postgres", adminUrl, name },
    async dispose() {
      await withAdminClient(adminUrl, async (client) => {
        // The copies the workers made ahead and never used, and drops they did not see finish.
        for (const copy of await databasesNamed(client, copyPrefix(name))) await client.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** Test databases copied from `templateName` (test-database.ts) are named with this prefix. */
export const copyPrefix = (templateName: string) => templateName.replace("evidence_template_", "evidence_test_") + "_";

/** Copies whose template is gone: a run killed before its teardown, or a copy that finished after it. */
async function dropOrphanCopies(client: pg.Client): Promise<void> {
  const names = new Set(await databasesNamed(client, "evidence_"));
  for (const copy of names) {
    const template = copy.match(/^evidence_test_([0-9a-f]{12})_/)?.[1];
    if (template && !names.has(`evidence_template_${template}`)) await client.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  }
}

async function databasesNamed(client: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
  return rows.map((row) => row.datname);
}

/** The server's URL with another database named in it. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
