import { PRICE_MESSAGES, PRICE_TARGET, PRICE_UPDATE_ACTION, type PriceRow, type UpdatePriceInput } from "../../../../src/schema/console/finance-prices.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { formatDateTime } from "../../../../src/schema/format.js";
import type { PageP, PageQuery } from "../../../../src/schema/paging.js";
import { promotionState } from "../../../../src/schema/purchase.js";
import { BusinessError } from "../../../http/envelope.js";
import type { PriceChange, PriceEntry, ProductPrices } from "../../purchase/product-prices.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";

export type PriceEditsDependencies = {
  prices: Pick<ProductPrices, "entries" | "entry" | "update">;
  audit: Pick<AuditTrail, "perform">;
  now: () => number;
};

/**
 * 商品价格: finance reads the price table and changes one product's price through the purchase
 * module's ProductPrices, which owns the table; each change is an audited operator action with the
 * prices before and after. A purchase reads the table when it is made, so it pays the new price.
 */
export class PriceEdits {
  constructor(private readonly deps: PriceEditsDependencies) {}

  async list({ pageNumber, pageSize }: PageQuery): Promise<PageP<PriceRow>> {
    const now = this.deps.now();
    const entries = await this.deps.prices.entries(now);
    const list = entries.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((entry) => toPriceRow(entry, now));
    return { list, pageNumber, pageSize, totalPage: Math.ceil(entries.length / pageSize), totalRow: entries.length };
  }

  async update(operator: ActingOperator, input: UpdatePriceInput): Promise<PriceRow> {
    const before = await this.deps.prices.entry(input.code, this.deps.now());
    if (!before) throw new BusinessError(ResultCode.notFound, PRICE_MESSAGES.notFound);
    const change = changeOf(input);
    await this.deps.audit.perform(
      { operator, action: PRICE_UPDATE_ACTION, target: { type: PRICE_TARGET, id: input.code, label: before.product.name }, reason: input.reason ?? null },
      async (trx) => {
        await this.deps.prices.update(trx, input.code, change, this.deps.now());
        const { regularPriceFen, promotion } = before.product;
        return { result: undefined, before: { priceFen: regularPriceFen, promotion }, after: change };
      },
    );
    const now = this.deps.now();
    return toPriceRow((await this.deps.prices.entry(input.code, now))!, now);
  }
}

/** The checked input as the table stores it: off sale means no price and no promotion. */
function changeOf(input: UpdatePriceInput): PriceChange {
  if (!input.onSale) return { priceFen: null, promotion: null };
  const { promotionName: name, promotionStart: start, promotionEnd: end, promotionPriceFen: priceFen } = input;
  const promotion = name !== undefined && start !== undefined && end !== undefined && priceFen !== undefined ? { name, start, end, priceFen } : null;
  return { priceFen: input.priceFen ?? null, promotion };
}

function toPriceRow({ product, updatedAt }: PriceEntry, now: number): PriceRow {
  const { promotion } = product;
  return {
    code: product.code,
    kind: product.kind,
    name: product.name,
    unitCount: product.unitCount,
    notarisations: product.notarisations,
    regularPriceFen: product.regularPriceFen,
    promotionName: promotion?.name ?? null,
    promotionStart: promotion?.start ?? null,
    promotionEnd: promotion?.end ?? null,
    promotionPriceFen: promotion?.priceFen ?? null,
    promotionState: promotion ? promotionState(promotion, now) : null,
    priceFen: product.priceFen,
    updateTime: formatDateTime(updatedAt),
  };
}
