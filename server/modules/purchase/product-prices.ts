import type { Kysely, Transaction } from "kysely";
import { unitPriceFen, type DatedPromotion, type Product, type ProductKind } from "../../../src/schema/purchase.js";
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

/** A product with when its price was last changed, for the console. */
export type PriceEntry = { product: PricedProduct; updatedAt: number };

/** A price as finance sets it: null when not on sale (then no promotion either). */
export type PriceChange = { priceFen: number | null; promotion: DatedPromotion | null };

/** The price table (migration 0021): the one place prices live; the console edits it. */
export class ProductPrices {
  constructor(private readonly db: Kysely<Database>) {}

  async entries(now: number): Promise<PriceEntry[]> {
    const rows = await this.db.selectFrom("product_prices").selectAll().orderBy("sort_order").execute();
    return rows.map((row) => ({ product: productOf(row, now), updatedAt: Number(row.updated_at) }));
  }

  async entry(code: string, now: number, db: Kysely<Database> = this.db): Promise<PriceEntry | undefined> {
    const row = await db.selectFrom("product_prices").selectAll().where("code", "=", code).executeTakeFirst();
    return row && { product: productOf(row, now), updatedAt: Number(row.updated_at) };
  }

  /** Sets a product's price (inside the operator's audited transaction); answers false when there is no such product. */
  async update(trx: Transaction<Database>, code: string, change: PriceChange, now: number): Promise<boolean> {
    const { priceFen, promotion } = change;
    const result = await trx
      .updateTable("product_prices")
      .set({
        price_fen: priceFen,
        promotion_name: promotion?.name ?? null,
        promotion_start: promotion?.start ?? null,
        promotion_end: promotion?.end ?? null,
        promotion_price_fen: promotion?.priceFen ?? null,
        updated_at: now,
      })
      .where("code", "=", code)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async list(now: number): Promise<PricedProduct[]> {
    return (await this.entries(now)).map((entry) => entry.product);
  }

  async find(code: string, now: number, db: Kysely<Database> = this.db): Promise<PricedProduct | undefined> {
    const row = await db.selectFrom("product_prices").selectAll().where("code", "=", code).executeTakeFirst();
    return row && productOf(row, now);
  }
}
