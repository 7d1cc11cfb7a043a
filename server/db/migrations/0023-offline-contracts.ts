import { sql, type Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Offline contracts (issue 14, spec §4), owned by modules/billing: one row per contract a finance
 * operator recorded, never edited (a termination fills its termination columns once). Whether an
 * account has credit is now read from its contract in force on the day of the charge, so the
 * account row's flag and limit (migrations 0009, 0019) go: one fact, one place. An account flagged
 * before this migration keeps its credit as a contract open from 2000 to 2099 whose number and
 * signing party say it was carried over, for finance to replace with the real contract.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("offline_contracts"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("contract_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("signing_party", "varchar(100)", (c) => c.notNull())
    // Shanghai calendar dates, YYYY-MM-DD, both days included.
    .addColumn("term_start", "varchar(10)", (c) => c.notNull())
    .addColumn("term_end", "varchar(10)", (c) => c.notNull())
    .addColumn("credit_limit_fen", "bigint", (c) => c.notNull())
    .addColumn("remark", "varchar(500)")
    .addColumn("created_by_operator_id", "integer")
    .addColumn("created_by_account", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("terminated_at", "bigint")
    .addColumn("termination_reason", "varchar(200)")
    .addColumn("terminated_by_operator_id", "integer")
    .addColumn("terminated_by_account", "varchar(64)")
    .execute();
  await db.schema.createIndex("offline_contracts_user").on("offline_contracts").columns(["user_id", "term_start"]).execute();

  const flagged = await sql<{ user_id: number; credit_limit_fen: number | string; updated_at: number | string }>`
    SELECT user_id, credit_limit_fen, updated_at FROM billing_accounts WHERE has_offline_contract = 1 ORDER BY user_id`.execute(db);
  for (const row of flagged.rows) {
    await sql`INSERT INTO offline_contracts (user_id, contract_no, signing_party, term_start, term_end, credit_limit_fen, remark, created_by_account, created_at)
      VALUES (${row.user_id}, ${`MIGRATED-${row.user_id}`}, '迁移前已签线下合同（待补录）', '2000-01-01', '2099-12-31', ${Number(row.credit_limit_fen)},
        '由账户原有的线下合同标记迁移而来：请核对合同原件，登记真实合同后终止本条', '系统迁移', ${Number(row.updated_at)})`.execute(db);
  }
  await db.schema.alterTable("billing_accounts").dropColumn("has_offline_contract").execute();
  await db.schema.alterTable("billing_accounts").dropColumn("credit_limit_fen").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("billing_accounts").addColumn("has_offline_contract", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("billing_accounts").addColumn("credit_limit_fen", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.dropTable("offline_contracts").execute();
}
