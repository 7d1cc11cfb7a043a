import { CompiledQuery, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.js";
import { durableTransaction, executeWrites } from "../../server/db/dialect.js";
import { preparedQuery, preparedRowsInsert } from "../../server/db/prepared-query.js";
import { createTestDatabase, onPostgres, type TestDatabase } from "./support/test-database.js";

// Ledger tables as plain rows: what these helpers do is the same for any table.
const selectNodes = preparedQuery((db: Kysely<Database>, values: { level: number; from: number }) =>
  db.selectFrom("ledger_nodes").select(["idx", "hash"]).where("level", "=", values.level).where("idx", ">=", values.from).orderBy("idx").limit(2),
);
const insertNodes = preparedRowsInsert<Database>("ledger_nodes", ["level", "idx", "hash"]);
const insertCheckpoint = preparedQuery((db: Kysely<Database>, values: { height: number; note: string }) =>
  db.insertInto("ledger_checkpoints").values({ block_height: values.height, tree_size: values.height, root_hash: "root", note: values.note, created_at: 1 }),
);

const hash = (fill: number) => Buffer.alloc(32, fill);

describe("queries compiled once, and independent writes sent together", () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) {
      await database.handle.db.destroy();
      await database.dispose();
    }
  });
  async function freshDb() {
    const database = await createTestDatabase();
    databases.push(database);
    return database.handle.db;
  }

  it("binds each run's own values into the once-compiled SQL, keeping the values the query spells out", async () => {
    const db = await freshDb();
    await db.executeQuery(insertNodes(db, [8, 0, hash(1), 8, 1, hash(2), 8, 2, hash(3)]));
    await db.executeQuery(insertNodes(db, [16, 0, hash(4)]));
    const first = (await db.executeQuery(selectNodes(db, { level: 8, from: 1 }))).rows;
    const second = (await db.executeQuery(selectNodes(db, { level: 16, from: 0 }))).rows;
    expect(first.map((row) => [Number(row.idx), row.hash[0]])).toEqual([[1, 2], [2, 3]]); // limit(2) kept
    expect(second.map((row) => [Number(row.idx), row.hash[0]])).toEqual([[0, 4]]);
    expect(() => insertNodes(db, [8, 3])).toThrow(RangeError);
  });

  it("lands every write of a group, each with its own parameters, or none of them when one fails", async () => {
    const db = await freshDb();
    await durableTransaction(db, (trx) =>
      executeWrites(trx, [insertNodes(trx, [8, 0, hash(1), 8, 1, hash(2)]), insertCheckpoint(trx, { height: 7, note: "seven" }), insertNodes(trx, [16, 0, hash(3)])]),
    );
    const nodes = await db.selectFrom("ledger_nodes").select(["level", "idx", "hash"]).orderBy("level").orderBy("idx").execute();
    expect(nodes.map((row) => [row.level, Number(row.idx), row.hash[0]])).toEqual([[8, 0, 1], [8, 1, 2], [16, 0, 3]]);
    expect(await db.selectFrom("ledger_checkpoints").select(["block_height", "note"]).execute()).toEqual([{ block_height: 7, note: "seven" }]);

    // The second node row is already there: the group fails whole, the new checkpoint with it.
    await expect(
      durableTransaction(db, (trx) => executeWrites(trx, [insertCheckpoint(trx, { height: 8, note: "eight" }), insertNodes(trx, [16, 1, hash(4), 8, 1, hash(5)])])),
    ).rejects.toThrow();
    expect(await db.selectFrom("ledger_checkpoints").select("block_height").execute()).toEqual([{ block_height: 7 }]);
    expect(await db.selectFrom("ledger_nodes").select("idx").where("level", "=", 16).execute()).toHaveLength(1);
  });

  // SQLite runs each statement as it is; only PostgreSQL's grouping renumbers parameters in the text.
  it.runIf(onPostgres)("refuses SQL with a literal in it, which renumbering the text could corrupt", async () => {
    const db = await freshDb();
    const literal = CompiledQuery.raw("insert into ledger_checkpoints (block_height, tree_size, root_hash, note, created_at) values ($1, $1, 'root', 'it costs $2', 1)", [9]);
    await expect(executeWrites(db, [insertNodes(db, [8, 0, hash(1)]), literal])).rejects.toThrow(/literal/);
  });
});
