import { BUNDLE_PROMOTION, bundlePriceFen, bundlePromotionState, PROMOTION_STATE_LABELS, type NotarisationBundle } from "../../schema/bundle";
import { formatArticleDate } from "../../schema/format";
import { formatYuan } from "../../schema/money";
import type { Instant } from "../../schema/shanghai-time";

/**
 * The words every price table and card uses for the notarisation bundles and their promotion,
 * from the figures of src/schema/bundle.ts and the time they are judged at (the server's).
 */

const PERIOD = `${formatArticleDate(BUNDLE_PROMOTION.start)}至${formatArticleDate(BUNDLE_PROMOTION.end)}`;

/** "首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）" */
export function promotionPeriodText(now: Instant): string {
  return `${BUNDLE_PROMOTION.name}活动时间：${PERIOD}（${PROMOTION_STATE_LABELS[bundlePromotionState(now)]}）`;
}

/** What the prices shown at `now` are: the promotion's while it runs, else the regular ones. */
export function promotionNote(now: Instant): string {
  switch (bundlePromotionState(now)) {
    case "running":
      return `${BUNDLE_PROMOTION.name}进行中（${PERIOD}，北京时间）：以下为活动价，划线价为原价。`;
    case "upcoming":
      return `${BUNDLE_PROMOTION.name}（${PERIOD}）尚未开始：以下为原价。`;
    case "ended":
      return `${BUNDLE_PROMOTION.name}（${PERIOD}）已结束：以下为原价。`;
  }
}

export const bundleName = (bundle: NotarisationBundle) => `${bundle.notarisations}次公证 + ${bundle.snapshotLimit}条网页快照`;

/** The price to pay at `now`, and the regular price to strike through beside it while the promotion runs. */
export function bundlePriceTexts(bundle: NotarisationBundle, now: Instant): { price: string; struckRegular: string | null } {
  const price = bundlePriceFen(bundle, now);
  return { price: formatYuan(price), struckRegular: price === bundle.regularPriceFen ? null : formatYuan(bundle.regularPriceFen) };
}
