import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binaryColumnType, isPostgres } from "../../server/db/dialect.js";
import { up as keyByRowId } from "../../server/db/migrations/0043-ledger-entries-rowid.js";
import { up as dropDerivedColumns } from "../../server/db/migrations/0044-ledger-entries-derived-columns.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

/**
 * The ledger's entries table from its first shape (migration 0006) to today's:
 *  - 0043: on SQLite the entries are keyed by the row id, with no second index to write on every
 *    append; PostgreSQL is left alone;
 *  - 0044: the leaf hash, block and time, all derivable, are no longer stored.
 * The logged bytes of every entry come through both unchanged.
 */
describe("migrations 0043 and 0044 (the ledger's entries table)", () => {
  let database: TestDatabase;
  const db = () => database.handle.db as unknown as Kysely<any>;
  const rows = [0, 1, 2 ** 40].map((idx) => ({ idx, entry: Buffer.from(`entry ${idx}`) }));
  const firstShapeRows = rows.map((row) => ({ ...row, leaf_hash: Buffer.alloc(32, row.idx % 251), block_height: 1, integrated_at: 1_795_000_000_000 + row.idx }));

  beforeAll(async () => {
    database = await createTestDatabase();
    // The table as migration 0006 made it, in place of today's.
    await db().schema.dropTable("ledger_entries").execute();
    await db()
      .schema.createTable("ledger_entries")
      .addColumn("idx", "bigint", (c) => c.primaryKey())
      .addColumn("entry", binaryColumnType(db()), (c) => c.notNull())
      .addColumn("leaf_hash", binaryColumnType(db()), (c) => c.notNull())
      .addColumn("block_height", "integer", (c) => c.notNull())
      .addColumn("integrated_at", "bigint", (c) => c.notNull())
      .execute();
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("keeps every entry's bytes, with no index beside the table on SQLite and no derived column, and 0043 twice changes nothing", async () => {
    await db().insertInto("ledger_entries").values(firstShapeRows).execute();
    const entries = () => db().selectFrom("ledger_entries").selectAll().orderBy("idx").execute();
    const before = await entries();
    // Running 0043 a second time changes nothing.
    await keyByRowId(db());
    await keyByRowId(db());
    expect(await entries()).toEqual(before);
    await dropDerivedColumns(db());
    const after = await db().selectFrom("ledger_entries").selectAll().orderBy("idx").execute();
    expect(after.map((row) => ({ idx: Number(row.idx), entry: Buffer.from(row.entry) }))).toEqual(rows);
    expect(Object.keys(after[0]).sort()).toEqual(["entry", "idx"]);
    if (!isPostgres(db())) {
      const indexes = await sql<{ name: string }>`SELECT name FROM pragma_index_list('ledger_entries')`.execute(db());
      expect(indexes.rows).toEqual([]);
    }
  });
});
