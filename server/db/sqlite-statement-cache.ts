import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Enough for every query shape the platform runs over and over (a few hundred repositories'
 * statements); a shape outside it (an `IN` list of a rare length) is prepared again when it
 * returns. A cached statement holds a little SQLite memory; SQLite finalises a dropped one when it
 * is collected.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it, preparing each SQL text once. Kysely's driver
 * prepares every query again, and for a lookup by key preparing was about half the database time
 * (issue 20): the statement is the same text every time, only the bound values differ.
 *
 * Why reuse is safe here:
 * - Kysely binds all of a statement's values on every call and never uses better-sqlite3's
 *   per-statement modes (raw, pluck, expand, safeIntegers), so a statement carries nothing from
 *   one call to the next.
 * - `all` and `run` finish before they return; only `iterate` keeps a statement busy while its
 *   rows are read, and a query run on the same connection meanwhile with the same text would find
 *   it busy. Streams therefore get a statement of their own, prepared for them.
 * - SQLite re-prepares a statement whose tables changed since it was prepared (a migration, a
 *   dropped and re-created table), so a cached statement never reads an old schema; a statement
 *   the new schema no longer allows fails as a fresh prepare would.
 * The least recently used statement is dropped beyond `capacity`.
 */
export function cachingStatements(database: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: taking it out and putting it back makes it the newest.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const prepared = database.prepare(sql);
      const statement: SqliteStatement = {
        reader: prepared.reader,
        all: (parameters) => prepared.all(parameters),
        run: (parameters) => prepared.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
      if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
