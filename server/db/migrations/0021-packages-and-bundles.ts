import type { Kysely } from "kysely";
import { addIdColumn } from "../dialect.js";

/**
 * Packages and notarisation bundles (issue 14). `product_prices` is the one place prices live (an
 * operator edits it in the console; seeded here from spec §9); `product_purchases` is one paid
 * purchase attempt, its journal transaction and what it bought; `package_counts` accumulates the
 * preservation counts of packages 30001 and 30002 per main account; `customer_bundles` holds one
 * row per notarisation bundle bought, with its lifecycle state (src/schema/bundle-lifecycle.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product_prices")
    .addColumn("code", "varchar(32)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("unit_count", "integer", (c) => c.notNull())
    .addColumn("notarisations", "integer", (c) => c.notNull().defaultTo(0))
    // Null: not priced yet, so not on sale.
    .addColumn("price_fen", "bigint")
    .addColumn("promotion_name", "varchar(50)")
    .addColumn("promotion_price_fen", "bigint")
    .addColumn("promotion_start", "varchar(10)")
    .addColumn("promotion_end", "varchar(10)")
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("product_purchases"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("product_code", "varchar(32)", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_fen", "bigint", (c) => c.notNull())
    .addColumn("total_fen", "bigint", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("transaction_id", "integer", (c) => c.notNull().references("money_transactions.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_purchases_user").on("product_purchases").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("package_counts")
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("product_code", "varchar(32)", (c) => c.notNull())
    .addColumn("purchased_count", "integer", (c) => c.notNull())
    .addColumn("remaining_count", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("package_counts_pk", ["user_id", "product_code"])
    .execute();

  await addIdColumn(db, db.schema.createTable("customer_bundles"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("product_code", "varchar(32)", (c) => c.notNull())
    .addColumn("snapshot_limit", "integer", (c) => c.notNull())
    .addColumn("purchase_id", "integer", (c) => c.notNull().references("product_purchases.id"))
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    // The notarisation application holding (frozen) or having used (consumed) the bundle.
    .addColumn("application_reference", "varchar(128)")
    .addColumn("purchased_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_bundles_user").on("customer_bundles").columns(["user_id", "state"]).execute();
  await db.schema.createIndex("customer_bundles_expiry").on("customer_bundles").columns(["state", "expires_at"]).execute();

  // Spec §9. The spec names packages 30001 and 30002 but gives neither price nor count: they are
  // listed unpriced (not on sale) until an operator sets them. The bundles carry the 2017 launch
  // promotion as dated figures; outside its dates the regular price applies.
  const now = Date.now();
  const promotion = { promotion_name: "首发优惠", promotion_start: "2017-09-15", promotion_end: "2017-11-15" };
  await db
    .insertInto("product_prices" as never)
    .values([
      { code: "30001", kind: "package", name: "快照保全套餐", unit_count: 1, notarisations: 0, price_fen: null, sort_order: 1, updated_at: now },
      { code: "30002", kind: "package", name: "录屏保全套餐", unit_count: 1, notarisations: 0, price_fen: null, sort_order: 2, updated_at: now },
      { code: "bundle-10", kind: "bundle", name: "1次公证 + 10条网页快照", unit_count: 10, notarisations: 1, price_fen: 280_000, promotion_price_fen: 150_000, ...promotion, sort_order: 3, updated_at: now },
      { code: "bundle-30", kind: "bundle", name: "1次公证 + 30条网页快照", unit_count: 30, notarisations: 1, price_fen: 500_000, promotion_price_fen: 350_000, ...promotion, sort_order: 4, updated_at: now },
      { code: "bundle-50", kind: "bundle", name: "1次公证 + 50条网页快照", unit_count: 50, notarisations: 1, price_fen: 800_000, promotion_price_fen: 550_000, ...promotion, sort_order: 5, updated_at: now },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customer_bundles").execute();
  await db.schema.dropTable("package_counts").execute();
  await db.schema.dropTable("product_purchases").execute();
  await db.schema.dropTable("product_prices").execute();
}
