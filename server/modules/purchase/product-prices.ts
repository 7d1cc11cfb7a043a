import type { Kysely } from "kysely";
import { unitPriceFen, type Product, type ProductKind } from "../../../src/schema/purchase.js";
import type { Database, ProductPricesTable } from "../../db/database.js";

/** A product as the price table stores it, read into the shape the calls answer (priced at `now`). */
export type PricedProduct = Product;

function productOf(row: ProductPricesTable, now: number): PricedProduct {
  const promotion =
    row.promotion_price_fen !== null && row.promotion_name && row.promotion_start && row.promotion_end
      ? { name: row.promotion_name, start: row.promotion_start, end: row.promotion_end, priceFen: Number(row.promotion_price_fen) }
      : null;
  const regularPriceFen = row.price_fen === null ? null : Number(row.price_fen);
  return {
    code: row.code,
    kind: row.kind as ProductKind,
    name: row.name,
    unitCount: row.unit_count,
    notarisations: row.notarisations,
    regularPriceFen,
    promotion,
    priceFen: unitPriceFen({ regularPriceFen, promotion }, now),
  };
}

/** The price table (migration 0021): the one place prices live; the console edits it. */
export class ProductPrices {
  constructor(private readonly db: Kysely<Database>) {}

  async list(now: number): Promise<PricedProduct[]> {
    const rows = await this.db.selectFrom("product_prices").selectAll().orderBy("sort_order").execute();
    return rows.map((row) => productOf(row, now));
  }

  async find(code: string, now: number, db: Kysely<Database> = this.db): Promise<PricedProduct | undefined> {
    const row = await db.selectFrom("product_prices").selectAll().where("code", "=", code).executeTakeFirst();
    return row && productOf(row, now);
  }
}
