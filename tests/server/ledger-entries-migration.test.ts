import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../../server/db/dialect.js";
import { up } from "../../server/db/migrations/0043-ledger-entries-rowid.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

/**
 * Migration 0043: on SQLite the ledger's entries are keyed by the row id, with no second index to
 * write on every append; the entries come through the copy unchanged. PostgreSQL is left alone.
 */
describe("migration 0043 (ledger entries keyed by the row id)", () => {
  let database: TestDatabase;
  const db = () => database.handle.db as unknown as Kysely<any>;
  const rows = [0, 1, 2 ** 40].map((idx) => ({ idx, entry: Buffer.from(`entry ${idx}`), leaf_hash: Buffer.alloc(32, idx % 251), block_height: 1, integrated_at: 1_795_000_000_000 + idx }));
  const entries = () => db().selectFrom("ledger_entries").selectAll().orderBy("idx").execute();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("keeps every entry, with no index beside the table on SQLite, and running it again changes nothing", async () => {
    await db().insertInto("ledger_entries").values(rows).execute();
    const before = await entries();
    await up(db());
    await up(db());
    const after = await entries();
    expect(after.map((row) => ({ ...row, idx: Number(row.idx), integrated_at: Number(row.integrated_at), entry: Buffer.from(row.entry), leaf_hash: Buffer.from(row.leaf_hash) }))).toEqual(rows);
    expect(after).toEqual(before);
    if (!isPostgres(db())) {
      const indexes = await sql<{ name: string }>`SELECT name FROM pragma_index_list('ledger_entries')`.execute(db());
      expect(indexes.rows).toEqual([]);
    }
  });
});
