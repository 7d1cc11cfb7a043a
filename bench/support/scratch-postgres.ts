import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/dialect.js";
import { migrateToLatest } from "../../server/db/migrate.js";

/** A migrated database of its own on a benchmark's PostgreSQL server, dropped again by drop(). */
export type ScratchPostgres = { url: URL; handle: DatabaseHandle; drop(): Promise<void> };

export async function scratchPostgresDatabase(adminUrl: string, label: string): Promise<ScratchPostgres> {
  const name = `${label}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    url,
    handle,
    async drop() {
      await handle.db.destroy().catch(() => undefined); // closed already by a caller that needed its connections back
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
