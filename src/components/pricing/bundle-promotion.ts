import { PROMOTION_STATE_LABELS } from "../../schema/bundle";
import { formatArticleDate } from "../../schema/format";
import { formatYuan } from "../../schema/money";
import { promotionState, unitPriceFen, type DatedPromotion, type Product } from "../../schema/purchase";
import type { Instant } from "../../schema/shanghai-time";

/**
 * The words every price table and card uses for the notarisation bundles and their promotion,
 * from the public price list (product_prices on the server) and the time they are judged at (the server's).
 */

const periodOf = (promotion: DatedPromotion) => `${formatArticleDate(promotion.start)}至${formatArticleDate(promotion.end)}`;

/** "首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）" */
export function promotionPeriodText(promotion: DatedPromotion, now: Instant): string {
  return `${promotion.name}活动时间：${periodOf(promotion)}（${PROMOTION_STATE_LABELS[promotionState(promotion, now)]}）`;
}

/** What the prices shown at `now` are: the promotion's while it runs, else the regular ones. */
export function promotionNote(promotion: DatedPromotion, now: Instant): string {
  switch (promotionState(promotion, now)) {
    case "running":
      return `${promotion.name}进行中（${periodOf(promotion)}，北京时间）：以下为活动价，划线价为原价。`;
    case "upcoming":
      return `${promotion.name}（${periodOf(promotion)}）尚未开始：以下为原价。`;
    case "ended":
      return `${promotion.name}（${periodOf(promotion)}）已结束：以下为原价。`;
  }
}

export const bundleName = (bundle: Pick<Product, "notarisations" | "unitCount">) => `${bundle.notarisations}次公证 + ${bundle.unitCount}条网页快照`;

/** Shown instead of a price for a product the price table has not priced yet. */
export const NOT_ON_SALE_TEXT = "暂未开售";

/**
 * The price to pay at `now` (null when not on sale), and the regular price to strike through beside
 * it while the promotion runs.
 */
export function bundlePriceTexts(bundle: Pick<Product, "regularPriceFen" | "promotion">, now: Instant): { price: string | null; struckRegular: string | null } {
  const price = unitPriceFen(bundle, now);
  if (price === null || bundle.regularPriceFen === null) return { price: null, struckRegular: null };
  return { price: formatYuan(price), struckRegular: price === bundle.regularPriceFen ? null : formatYuan(bundle.regularPriceFen) };
}
