import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.js";
import { down, up } from "../../server/db/migrations/0019-money-journal.js";
import * as packagesAndBundles from "../../server/db/migrations/0021-packages-and-bundles.js";
import * as offlineContracts from "../../server/db/migrations/0023-offline-contracts.js";
import * as captures from "../../server/db/migrations/0025-captures.js";
import * as recordings from "../../server/db/migrations/0026-recordings.js";
import * as sharedRecordingFiles from "../../server/db/migrations/0041-shared-recording-files.js";
import { MoneyJournal } from "../../server/modules/billing/money-journal.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

/** Migration 0019 on balances stored before the journal: each becomes an opening posting, so the journal explains every fen. */
describe("migration 0019 (money journal)", () => {
  let database: TestDatabase;
  const storedAt = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db as unknown as Kysely<any>;
    // Later migrations referring to the journal's tables roll back first, as a real rollback would.
    await sharedRecordingFiles.down(db);
    await recordings.down(db);
    await captures.down(db);
    await offlineContracts.down(db);
    await packagesAndBundles.down(db);
    await down(db);
    await db.insertInto("billing_accounts").values([
      { user_id: 7, balance_fen: 150_000, has_offline_contract: 0, updated_at: storedAt },
      { user_id: 8, balance_fen: -1_250, has_offline_contract: 1, updated_at: storedAt },
      { user_id: 9, balance_fen: 0, has_offline_contract: 1, updated_at: storedAt },
    ]).execute();
    await up(db);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("turns each stored balance into an opening transaction from platform:adjustments", async () => {
    const db: Kysely<Database> = database.handle.db;
    const opening = await db
      .selectFrom("money_transactions")
      .innerJoin("money_postings", "money_postings.transaction_id", "money_transactions.id")
      .select(["money_transactions.kind", "money_transactions.user_id", "money_transactions.created_at", "money_postings.account", "money_postings.amount_fen"])
      .orderBy("money_postings.id")
      .execute();
    expect(opening).toEqual([
      { kind: "opening", user_id: 7, created_at: storedAt, account: "platform:adjustments", amount_fen: -150_000 },
      { kind: "opening", user_id: 7, created_at: storedAt, account: "customer:7:available", amount_fen: 150_000 },
      { kind: "opening", user_id: 8, created_at: storedAt, account: "platform:adjustments", amount_fen: 1_250 },
      { kind: "opening", user_id: 8, created_at: storedAt, account: "customer:8:available", amount_fen: -1_250 },
    ]);
    const journal = new MoneyJournal(db, Date.now);
    expect(await journal.verifyBalances()).toEqual({ ok: true, problems: [] });
    expect(await journal.balanceOf(8)).toEqual({ availableFen: -1_250, reservedFen: 0 });
  });
});
