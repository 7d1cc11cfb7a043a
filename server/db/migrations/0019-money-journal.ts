import { sql, type Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * The money journal (issue 14): every movement of money is one transaction of postings that sum to
 * zero, appended and never changed. `billing_accounts` stays the customer's account row: its
 * `balance_fen` becomes the cached available balance (what getBalance answers), beside the cached
 * `reserved_fen`; both are updated in the transaction that posts, and verifyBalances() recomputes
 * them from the postings. A balance stored before the journal existed becomes an "opening" posting
 * from platform:adjustments, so every fen on an account is explained by the journal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("money_transactions"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer")
    .addColumn("sub_account_id", "integer")
    .addColumn("operator_id", "integer")
    .addColumn("memo", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("money_transactions_user").on("money_transactions").columns(["user_id", "created_at"]).execute();

  await addIdColumn(db, db.schema.createTable("money_postings"))
    .addColumn("transaction_id", "integer", (c) => c.notNull().references("money_transactions.id"))
    .addColumn("account", "varchar(64)", (c) => c.notNull())
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("money_postings_transaction").on("money_postings").column("transaction_id").execute();
  await db.schema.createIndex("money_postings_account").on("money_postings").column("account").execute();

  await addIdColumn(db, db.schema.createTable("money_reservations"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("sub_account_id", "integer")
    .addColumn("amount_fen", "bigint", (c) => c.notNull())
    .addColumn("service", "varchar(32)", (c) => c.notNull())
    .addColumn("reference", "varchar(128)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addColumn("reserve_transaction_id", "integer", (c) => c.notNull().references("money_transactions.id"))
    .addColumn("close_transaction_id", "integer", (c) => c.references("money_transactions.id"))
    .addUniqueConstraint("money_reservations_service_reference", ["service", "reference"])
    .execute();
  await db.schema.createIndex("money_reservations_open").on("money_reservations").columns(["state", "expires_at"]).execute();

  await db.schema.alterTable("billing_accounts").addColumn("reserved_fen", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("billing_accounts").addColumn("credit_limit_fen", "bigint", (c) => c.notNull().defaultTo(0)).execute();

  const opening = await sql<{ user_id: number; balance_fen: number | string; updated_at: number | string }>`
    SELECT user_id, balance_fen, updated_at FROM billing_accounts WHERE balance_fen <> 0 ORDER BY user_id`.execute(db);
  for (const row of opening.rows) {
    const fen = Number(row.balance_fen);
    const inserted = await sql<{ id: number }>`
      INSERT INTO money_transactions (kind, idempotency_key, user_id, memo, created_at)
      VALUES ('opening', ${`opening:${row.user_id}`}, ${row.user_id}, '记账日志启用前的余额', ${Number(row.updated_at)}) RETURNING id`.execute(db);
    const id = inserted.rows[0].id;
    await sql`INSERT INTO money_postings (transaction_id, account, amount_fen) VALUES
      (${id}, 'platform:adjustments', ${-fen}), (${id}, ${`customer:${row.user_id}:available`}, ${fen})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("billing_accounts").dropColumn("credit_limit_fen").execute();
  await db.schema.alterTable("billing_accounts").dropColumn("reserved_fen").execute();
  await db.schema.dropTable("money_reservations").execute();
  await db.schema.dropTable("money_postings").execute();
  await db.schema.dropTable("money_transactions").execute();
}
