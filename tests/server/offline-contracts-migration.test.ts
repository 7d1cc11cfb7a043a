import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.js";
import { down, up } from "../../server/db/migrations/0023-offline-contracts.js";
import { OfflineContracts } from "../../server/modules/billing/offline-contracts.js";
import { OfflineContractsRepository } from "../../server/modules/billing/offline-contracts.repository.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

/** Migration 0023 on accounts flagged before contracts were records: each keeps its credit as a carried-over contract. */
describe("migration 0023 (offline contracts)", () => {
  let database: TestDatabase;
  const storedAt = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db as unknown as Kysely<any>;
    await down(db);
    await db.insertInto("billing_accounts").values([
      { user_id: 7, balance_fen: 0, has_offline_contract: 0, credit_limit_fen: 0, updated_at: storedAt },
      { user_id: 8, balance_fen: 0, has_offline_contract: 1, credit_limit_fen: 20_000, updated_at: storedAt },
    ]).execute();
    await up(db);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("turns the flag and limit into a contract in force, and drops them from the account row", async () => {
    const db: Kysely<Database> = database.handle.db;
    const rows = await db.selectFrom("offline_contracts").select(["user_id", "contract_no", "term_start", "term_end", "credit_limit_fen", "created_by_account"]).execute();
    expect(rows).toEqual([{ user_id: 8, contract_no: "MIGRATED-8", term_start: "2000-01-01", term_end: "2099-12-31", credit_limit_fen: 20_000, created_by_account: "系统迁移" }]);
    expect(Object.keys(await db.selectFrom("billing_accounts").selectAll().where("user_id", "=", 8).executeTakeFirstOrThrow()).sort()).toEqual(["balance_fen", "reserved_fen", "updated_at", "user_id"]);
    const contracts = new OfflineContracts({ db, repository: new OfflineContractsRepository(db), now: () => Date.UTC(2026, 10, 22) });
    expect(await contracts.floorFen(8, db)).toBe(-20_000);
    expect(await contracts.floorFen(7, db)).toBe(0);
  });
});
