/**
 * The two databases bench/ledger-appends.bench.ts runs on, each with its raw-insert baseline:
 * - SQLite: a migrated file copied for each run; raw inserts are prepared single-row INSERTs into a
 *   table of the entries alone, in WAL with synchronous=FULL (fsync per commit), as the ledger's blocks;
 * - PostgreSQL (BENCH_DATABASE_URL): a scratch database created on that server and dropped at the
 *   end; the ledger tables are emptied before each run; raw inserts are one multi-row INSERT per
 *   transaction (the ledger's own statement shape) with synchronous_commit on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { Database } from "../../server/db/database.js";
import { openDatabase } from "../../server/db/dialect.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { scratchPostgresDatabase } from "./scratch-postgres.js";

export interface BenchDatabase {
  readonly label: string;
  /** An empty, migrated database for one ledger run. */
  ledgerDatabase(): Promise<{ db: Kysely<Database>; dispose(): Promise<void> }>;
  /** Inserts `entries` with `perTransaction` rows per durable commit; answers entries per second. */
  rawInserts(entries: readonly Uint8Array[], perTransaction: number): Promise<number>;
  close(): Promise<void>;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function sqliteBenchDatabase(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));
  const template = path.join(dir, "template.sqlite");
  const handle = openDatabase({ kind: "sqlite", file: template });
  await migrateToLatest(handle.db);
  await handle.db.destroy(); // folds the WAL into the file, so the file alone is the database
  let runs = 0;
  return {
    label: "SQLite (WAL, synchronous=FULL per block)",
    async ledgerDatabase() {
      const file = path.join(dir, `ledger-${(runs += 1)}.sqlite`);
      fs.copyFileSync(template, file);
      const { db } = openDatabase({ kind: "sqlite", file });
      return { db, dispose: async () => db.destroy() };
    },
    async rawInserts(entries, perTransaction) {
      const sqlite = new SQLite(path.join(dir, `raw-${(runs += 1)}.sqlite`));
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("synchronous = FULL");
      sqlite.exec("CREATE TABLE entries (idx INTEGER PRIMARY KEY, entry BLOB NOT NULL)");
      const insert = sqlite.prepare("INSERT INTO entries (idx, entry) VALUES (?, ?)");
      const commit = sqlite.transaction((from: number, to: number) => {
        for (let i = from; i < to; i += 1) insert.run(i, asBuffer(entries[i]));
      });
      const started = performance.now();
      for (let from = 0; from < entries.length; from += perTransaction) commit(from, Math.min(entries.length, from + perTransaction));
      const seconds = (performance.now() - started) / 1000;
      sqlite.close();
      return entries.length / seconds;
    },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function postgresBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const { url, handle, drop } = await scratchPostgresDatabase(adminUrl, "ledger_bench");
  await sql`CREATE TABLE raw_entries (idx bigint PRIMARY KEY, entry bytea NOT NULL)`.execute(handle.db);
  const raw = new pg.Pool({ connectionString: url.toString(), max: 1 });
  return {
    label: `PostgreSQL (${url.host}, synchronous_commit on)`,
    async ledgerDatabase() {
      await sql`TRUNCATE ledger_entries, ledger_nodes, ledger_checkpoints, ledger_state`.execute(handle.db);
      return { db: handle.db, dispose: async () => undefined };
    },
    async rawInserts(entries, perTransaction) {
      await raw.query("TRUNCATE raw_entries");
      const client = await raw.connect();
      const started = performance.now();
      try {
        for (let from = 0; from < entries.length; from += perTransaction) {
          const to = Math.min(entries.length, from + perTransaction);
          const values: unknown[] = [];
          const rows: string[] = [];
          for (let i = from; i < to; i += 1) {
            rows.push(`($${values.length + 1}, $${values.length + 2})`);
            values.push(i, asBuffer(entries[i]));
          }
          await client.query("BEGIN");
          await client.query("SET LOCAL synchronous_commit = on");
          await client.query(`INSERT INTO raw_entries (idx, entry) VALUES ${rows.join(", ")}`, values);
          await client.query("COMMIT");
        }
      } finally {
        client.release();
      }
      return entries.length / ((performance.now() - started) / 1000);
    },
    async close() {
      await raw.end();
      await drop();
    },
  };
}
