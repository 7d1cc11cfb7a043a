import SQLite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachingStatements } from "../../../server/db/sqlite-statement-cache.js";

type Tables = { notes: { id: number; title: string } };

const opened: SQLite.Database[] = [];

/** An in-memory database with a spy on better-sqlite3's prepare, so a test sees what was prepared again. */
function memoryDatabase() {
  const raw = new SQLite(":memory:");
  opened.push(raw);
  raw.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL)");
  raw.exec("INSERT INTO notes (id, title) VALUES (1, 'a'), (2, 'b'), (3, 'c')");
  const prepare = vi.spyOn(raw, "prepare");
  return { raw, prepare };
}

afterEach(() => {
  for (const raw of opened.splice(0)) if (raw.open) raw.close();
});

describe("the SQLite statement cache", () => {
  it("prepares a SQL text once and answers each call with that call's values", () => {
    const { raw, prepare } = memoryDatabase();
    const database = cachingStatements(raw);
    const byId = "SELECT title FROM notes WHERE id = ?";
    expect(database.prepare(byId).all([1])).toEqual([{ title: "a" }]);
    expect(database.prepare(byId).all([3])).toEqual([{ title: "c" }]);
    expect(database.prepare(byId).all([9])).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("keeps writes and reads apart as better-sqlite3 decides (`reader`)", () => {
    const { raw } = memoryDatabase();
    const database = cachingStatements(raw);
    const insert = database.prepare("INSERT INTO notes (title) VALUES (?)");
    expect(insert.reader).toBe(false);
    expect(insert.run(["d"]).lastInsertRowid).toBe(4);
    expect(database.prepare("INSERT INTO notes (title) VALUES (?)").run(["e"]).lastInsertRowid).toBe(5);
    expect(database.prepare("SELECT count(*) AS n FROM notes").reader).toBe(true);
    expect(database.prepare("SELECT count(*) AS n FROM notes").all([])).toEqual([{ n: 5 }]);
  });

  it("drops the least recently used statement beyond its capacity", () => {
    const { raw, prepare } = memoryDatabase();
    const database = cachingStatements(raw, 2);
    const [first, second, third] = ["SELECT 1 AS v", "SELECT 2 AS v", "SELECT 3 AS v"];
    database.prepare(first);
    database.prepare(second);
    database.prepare(first); // now the newest: `second` is the one to go
    database.prepare(third);
    expect(prepare).toHaveBeenCalledTimes(3);
    database.prepare(first);
    database.prepare(third);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(database.prepare(second).all([])).toEqual([{ v: 2 }]);
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("reads the table as it is now after a schema change (a migration adding a column, a table re-created)", () => {
    const { raw } = memoryDatabase();
    const database = cachingStatements(raw);
    const everything = "SELECT * FROM notes WHERE id = ?";
    expect(database.prepare(everything).all([1])).toEqual([{ id: 1, title: "a" }]);
    raw.exec("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0");
    expect(database.prepare(everything).all([1])).toEqual([{ id: 1, title: "a", pinned: 0 }]);
    raw.exec("DROP TABLE notes");
    raw.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
    raw.exec("INSERT INTO notes (id, body) VALUES (1, 'new')");
    expect(database.prepare(everything).all([1])).toEqual([{ id: 1, body: "new" }]);
    raw.exec("DROP TABLE notes");
    expect(() => database.prepare(everything).all([1])).toThrow(/no such table/);
  });

  it("gives a stream its own statement, so the same query can run while it is being read", () => {
    const { raw } = memoryDatabase();
    const database = cachingStatements(raw);
    const all = "SELECT id FROM notes ORDER BY id";
    const seen: unknown[] = [];
    for (const row of database.prepare(all).iterate([])) seen.push([row, database.prepare(all).all([]).length]);
    expect(seen).toEqual([
      [{ id: 1 }, 3],
      [{ id: 2 }, 3],
      [{ id: 3 }, 3],
    ]);
  });

  it("serves Kysely: queries, transactions and a rollback behave as without it", async () => {
    const { raw } = memoryDatabase();
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingStatements(raw) }) });
    const titleOf = (id: number) => db.selectFrom("notes").select("title").where("id", "=", id).executeTakeFirst();
    expect(await titleOf(2)).toEqual({ title: "b" });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("notes").set({ title: "B" }).where("id", "=", 2).execute();
    });
    expect(await titleOf(2)).toEqual({ title: "B" });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("notes").set({ title: "lost" }).where("id", "=", 2).execute();
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await titleOf(2)).toEqual({ title: "B" });
    expect(await sql<{ n: number }>`SELECT count(*) AS n FROM notes`.execute(db)).toMatchObject({ rows: [{ n: 3 }] });
    await db.destroy();
    expect(raw.open).toBe(false);
  });
});
