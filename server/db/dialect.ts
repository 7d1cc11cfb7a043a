import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type CreateTableBuilder,
  type Transaction,
} from "kysely";
import type { Database } from "./database.js";
import { cachingStatements } from "./sqlite-statement-cache.js";

/**
 * The only file that knows SQLite from PostgreSQL (STYLE.md). Everything else speaks Kysely.
 */
export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type DatabaseHandle = {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** Human-readable description for the start-up line, without credentials. */
  describe(): string;
};

// PostgreSQL returns int8 as strings to protect precision beyond 2^53; our bigints are epoch
// milliseconds and counts far below that, so numbers are what every caller expects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

// SQLite does run schema changes inside transactions, but Kysely's adapter says it does not, so a
// migration killed halfway would leave half its tables behind. Saying so lets the migrator wrap
// each migration in a transaction, as it does on PostgreSQL.
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly file: string,
  ) {
    super(config);
  }

  override createAdapter() {
    const adapter = new TransactionalSqliteAdapter();
    sqliteFiles.set(adapter, this.file);
    return adapter;
  }
}

/** Each SQLite database's file, by its adapter (shared by its transactions). */
const sqliteFiles = new WeakMap<object, string>();

/**
 * The file of a SQLite database opened here, for a second connection to it (the ledger's block
 * writer thread); null on PostgreSQL and for a database without a file of its own (in memory).
 */
export function sqliteFileOf<T>(db: Kysely<T>): string | null {
  const file = sqliteFiles.get(db.getExecutor().adapter);
  return file && file !== ":memory:" ? file : null;
}

/** SQLite connections whose every commit is durable: durableTransaction runs on them as it is. */
const durableSqlite = new WeakSet<object>();

/**
 * `durableCommits`: on SQLite, a connection whose every commit waits for fsync (synchronous=FULL),
 * for a writer that runs only durable transactions (the ledger's block writer thread).
 */
export function openDatabase(target: DatabaseTarget, options: { durableCommits?: boolean } = {}): DatabaseHandle {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection can be cut by the server (restart, failover, a dropped test database);
    // the pool replaces it, but without a listener node-postgres throws the error at the process.
    pool.on("error", (error) => console.warn(`PostgreSQL 空闲连接中断，连接池将重新建立连接：${error.message}`));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      target,
      describe: () => `PostgreSQL ${redactUrl(target.url)}`,
    };
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  // WAL lets readers run beside the single writer. synchronous=NORMAL keeps every committed
  // transaction across a process crash (kill -9): the WAL is in the OS page cache. Only a power
  // loss can drop the newest commits; writes that promise durability to a user (evidence) must
  // run with synchronous=FULL (DESIGN.md §6).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(options.durableCommits ? "synchronous = FULL" : "synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new TransactionalSqliteDialect({ database: cachingStatements(sqlite) }, target.file) });
  if (options.durableCommits) durableSqlite.add(db.getExecutor().adapter);
  return { db, target, describe: () => `SQLite ${target.file}` };
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The database's size on disk in bytes, where it is cheap to know: SQLite's pages (the main file;
 * the WAL file beside it is not counted, it is folded back at checkpoints), PostgreSQL's
 * pg_database_size (read from the catalogue, no scan).
 */
export async function databaseSize<T>(db: Kysely<T>): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ size: number | string }>`SELECT pg_database_size(current_database()) AS size`.execute(db);
    return Number(rows[0].size);
  }
  const { rows } = await sql<{ size: number }>`SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0].size);
}

/** An auto-incrementing integer primary key in either dialect. */
export function addIdColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (column) => column.primaryKey())
    : table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement());
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(连接串无法解析)";
  }
}

/** Column type for raw bytes: BLOB in SQLite, BYTEA in PostgreSQL (both read back as Buffer). */
export function binaryColumnType(db: Kysely<unknown>): "blob" | "bytea" {
  return isPostgres(db) ? "bytea" : "blob";
}

/**
 * One kind of writer across processes, held until the transaction ends: a PostgreSQL
 * transaction-level advisory lock named by `name`. SQLite needs none: it has one writer at a time,
 * and callers re-read what they are about to extend inside the transaction anyway.
 * With `idleLimitMs`, PostgreSQL ends the session of a holder that stays idle in the transaction
 * that long (a stopped process, a lost network), so its lock and its uncommitted work go together.
 * Taken by `lockForTransaction`, or by `durableTransaction` as it starts.
 */
export interface WriterLock {
  readonly name: string;
  readonly idleLimitMs?: number;
}

// Compiled once: the ledger runs a durable transaction per block, hundreds a second.
const SQLITE_SYNCHRONOUS_FULL = CompiledQuery.raw("PRAGMA synchronous = FULL");
const SQLITE_SYNCHRONOUS_NORMAL = CompiledQuery.raw("PRAGMA synchronous = NORMAL");

/**
 * A transaction whose commit is on stable storage once this resolves (DESIGN.md §6: "stored" is
 * said only after fsync), optionally holding `writerLock` from its start. PostgreSQL commits
 * durably unless configured otherwise, so the setting is only pinned for the transaction, in the
 * same round trip as the lock: the settings are taken before the lock is waited for (left to
 * right). SQLite runs with synchronous=NORMAL, which survives a process crash but not a power loss;
 * the pragma cannot change inside a transaction, so the whole transaction runs on the held
 * connection between a switch to FULL and back, and nothing else can run on that single
 * connection in between.
 */
export async function durableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  writerLock?: WriterLock,
): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      if (!writerLock) {
        await sql`SET LOCAL synchronous_commit = on`.execute(trx);
      } else if (writerLock.idleLimitMs === undefined) {
        await sql`SELECT set_config('synchronous_commit', 'on', true), pg_advisory_xact_lock(hashtext(${writerLock.name}))`.execute(trx);
      } else {
        await sql`SELECT set_config('synchronous_commit', 'on', true), set_config('idle_in_transaction_session_timeout', ${String(writerLock.idleLimitMs)}, true),
          pg_advisory_xact_lock(hashtext(${writerLock.name}))`.execute(trx);
      }
      return work(trx);
    });
  }
  if (durableSqlite.has(db.getExecutor().adapter)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(SQLITE_SYNCHRONOUS_FULL);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await connection.executeQuery(SQLITE_SYNCHRONOUS_NORMAL);
    }
  });
}

/** Takes the writer lock `name` (see WriterLock) inside a transaction already open. */
export async function lockForTransaction(trx: Transaction<Database>, name: string): Promise<void> {
  if (!isPostgres<Database>(trx)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/** PostgreSQL's bound parameters per statement ($1 … $65535). */
const POSTGRES_MAX_PARAMETERS = 65_535;

/**
 * Runs writes none of which reads what another writes (inserts and upserts into distinct rows),
 * in order on SQLite, where a statement costs no round trip. On PostgreSQL, where each costs one,
 * they go as few statements as their parameters allow: all but the last as data-modifying WITH
 * clauses of the last, which PostgreSQL runs on one snapshot (hence "none reads another's write")
 * and makes one atomic statement. Parameters are renumbered past the previous statements' ones;
 * the SQL must be Kysely's (values always bound, never a literal), which is checked.
 */
export async function executeWrites(db: Kysely<Database>, writes: readonly CompiledQuery[]): Promise<void> {
  if (!isPostgres(db)) {
    for (const write of writes) await db.executeQuery(write);
    return;
  }
  let group: CompiledQuery[] = [];
  let groupParameters = 0;
  for (const write of writes) {
    if (group.length > 0 && groupParameters + write.parameters.length > POSTGRES_MAX_PARAMETERS) {
      await db.executeQuery(combinePostgresWrites(group));
      group = [];
      groupParameters = 0;
    }
    group.push(write);
    groupParameters += write.parameters.length;
  }
  if (group.length > 0) await db.executeQuery(combinePostgresWrites(group));
}

/** The combined SQL by its statements' SQL: a block sends the same few shapes over and over. */
const combinedPostgresSql = new Map<string, string>();
const COMBINED_SHAPES = 64;

function combinePostgresWrites(writes: readonly CompiledQuery[]): CompiledQuery {
  if (writes.length === 1) return writes[0];
  const key = writes.map((write) => write.sql).join("\u0000");
  let text = combinedPostgresSql.get(key);
  if (text === undefined) {
    let offset = 0;
    const statements = writes.map((write) => {
      if (/'|\$\$/.test(write.sql)) throw new Error("executeWrites takes Kysely's SQL with every value bound, not a literal");
      const renumbered = write.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      offset += write.parameters.length;
      return renumbered;
    });
    const last = statements.pop()!;
    text = `with ${statements.map((statement, i) => `write_${i} as (${statement})`).join(", ")} ${last}`;
    if (combinedPostgresSql.size >= COMBINED_SHAPES) combinedPostgresSql.clear();
    combinedPostgresSql.set(key, text);
  }
  return CompiledQuery.raw(text, writes.flatMap((write) => write.parameters));
}

/**
 * A write lost to a concurrent writer and worth retrying: SQLite busy (another connection holds
 * the write lock, or our read snapshot went stale), PostgreSQL serialization failure or deadlock.
 */
export function isWriteConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "40001" || code === "40P01");
}

/**
 * A unique constraint refused the write: SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's
 * 23505. Callers that rely on a constraint to settle a race (one live invoice link per order) turn it
 * into their own answer.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** Runs `work` in `db`'s transaction when it is one, else in a new transaction. */
export function inTransaction<R>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<R>): Promise<R> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}
