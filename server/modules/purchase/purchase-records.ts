import type { Kysely } from "kysely";
import type { ProductKind } from "../../../src/schema/purchase.js";
import type { Database } from "../../db/database.js";

/** One purchase with its product's name. */
export type PurchaseRecord = { id: number; userId: number; productCode: string; productName: string; quantity: number; totalFen: number; createdAt: number };

/**
 * Reads a main account's purchases of one product kind (judicial pay lists the notarisation
 * bundles bought); the purchase module owns product_purchases.
 */
export class PurchaseRecords {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest `limit` purchases (created_at, then id, descending). */
  async newest(userId: number, kind: ProductKind, limit: number): Promise<PurchaseRecord[]> {
    const rows = await this.ofKind(userId, kind).orderBy("product_purchases.created_at", "desc").orderBy("product_purchases.id", "desc").limit(limit).execute();
    return rows.map(toRecord);
  }

  async count(userId: number, kind: ProductKind): Promise<number> {
    const row = await this.db
      .selectFrom("product_purchases")
      .innerJoin("product_prices", "product_prices.code", "product_purchases.product_code")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("product_purchases.user_id", "=", userId)
      .where("product_prices.kind", "=", kind)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async find(id: number, kind: ProductKind): Promise<PurchaseRecord | undefined> {
    const row = await this.columns().where("product_purchases.id", "=", id).where("product_prices.kind", "=", kind).executeTakeFirst();
    return row && toRecord(row);
  }

  private ofKind(userId: number, kind: ProductKind) {
    return this.columns().where("product_purchases.user_id", "=", userId).where("product_prices.kind", "=", kind);
  }

  private columns() {
    return this.db
      .selectFrom("product_purchases")
      .innerJoin("product_prices", "product_prices.code", "product_purchases.product_code")
      .select([
        "product_purchases.id",
        "product_purchases.user_id",
        "product_purchases.product_code",
        "product_prices.name",
        "product_purchases.quantity",
        "product_purchases.total_fen",
        "product_purchases.created_at",
      ]);
  }
}

function toRecord(row: { id: number; user_id: number; product_code: string; name: string; quantity: number; total_fen: number; created_at: number }): PurchaseRecord {
  return { id: row.id, userId: row.user_id, productCode: row.product_code, productName: row.name, quantity: row.quantity, totalFen: Number(row.total_fen), createdAt: Number(row.created_at) };
}
