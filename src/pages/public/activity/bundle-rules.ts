import { BUNDLE_USE_MESSAGE, BUNDLE_VALID_DAYS } from "../../../schema/bundle";
import { notOfferedSentence } from "../../../resources/offered-services";

/** Texts about the notarisation bundles, derived from src/schema/bundle.ts so no figure is retyped. */

export const BUNDLE_RULES: readonly string[] = [
  `有效期：自购买之日起 ${BUNDLE_VALID_DAYS} 天，到期未使用的部分失效。`,
  "不限购买次数，多次购买的数量累加使用。",
  "套餐一经购买，不予退款。",
  `${BUNDLE_USE_MESSAGE.snapshotsOnly}；${BUNDLE_USE_MESSAGE.singlePage}。`,
  "提交在线公证申请时，所用套餐暂时冻结；申请被驳回或在审核前撤销的，套餐恢复可用；公证办结后套餐计为已使用。",
];

/**
 * What a bundle needs that this installation does not offer yet (src/resources/availability.ts):
 * the activity pages say so next to the prices; null once everything is open.
 */
const MISSING = notOfferedSentence([{ section: "evidenceTaken/snapshotRecord" }, { section: "judicial/notarization" }, { section: "personal/expenseCenter" }]);
export const BUNDLE_AVAILABILITY = MISSING && `${MISSING}，套餐暂时不能购买和使用；开放后在“购买套餐”页面购买。`;
