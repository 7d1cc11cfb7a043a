import { BUNDLE_PROMOTION, BUNDLE_USE_MESSAGE, BUNDLE_VALID_DAYS, isInBundlePromotion, type NotarisationBundle } from "../../../schema/bundle";
import { formatArticleDate } from "../../../schema/format";
import { formatYuan } from "../../../schema/money";
import { shanghaiDateKey, type Instant } from "../../../schema/shanghai-time";

/** Texts about the notarisation bundles, derived from src/schema/bundle.ts so no figure is retyped. */

export const bundleName = (bundle: NotarisationBundle) => `${bundle.notarisations}次公证 + ${bundle.snapshotLimit}条网页快照`;
export const bundlePrice = (bundle: NotarisationBundle) => `${formatYuan(bundle.priceFen)} 元`;
export const bundleOriginalPrice = (bundle: NotarisationBundle) => `原价 ${formatYuan(bundle.originalPriceFen)} 元`;

export const BUNDLE_RULES: readonly string[] = [
  `有效期：自购买之日起 ${BUNDLE_VALID_DAYS} 天，到期未使用的部分失效。`,
  "不限购买次数，多次购买的数量累加使用。",
  "套餐一经购买，不予退款。",
  `${BUNDLE_USE_MESSAGE.snapshotsOnly}；${BUNDLE_USE_MESSAGE.singlePage}。`,
  "提交在线公证申请时，所用套餐暂时冻结；申请被驳回或在审核前撤销的，套餐恢复可用；公证办结后套餐计为已使用。",
];

/** The activity pages sell what does not work yet; they say so next to the prices. */
export const BUNDLE_AVAILABILITY = "网页取证和在线公证将随存证账本上线开放；套餐能否购买、何时可以使用，以“购买套餐”页面的说明为准。";

export type PromotionState = "upcoming" | "running" | "ended";

export function promotionState(now: Instant): PromotionState {
  if (isInBundlePromotion(now)) return "running";
  return shanghaiDateKey(now) > BUNDLE_PROMOTION.end ? "ended" : "upcoming";
}

const STATE_LABEL: Record<PromotionState, string> = { upcoming: "尚未开始", running: "进行中", ended: "已结束" };

/** "首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）" */
export function promotionPeriodText(now: Instant): string {
  const period = `${formatArticleDate(BUNDLE_PROMOTION.start)}至${formatArticleDate(BUNDLE_PROMOTION.end)}`;
  return `首发优惠活动时间：${period}（${STATE_LABEL[promotionState(now)]}）`;
}
