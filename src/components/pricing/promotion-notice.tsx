import { Alert } from "antd";
import { promotionState, type DatedPromotion } from "../../schema/purchase";
import type { Instant } from "../../schema/shanghai-time";
import { promotionNote } from "./bundle-promotion";

/** Beside every bundle price: which promotion, its dates, whether it runs, and so which prices these are. */
export function PromotionNotice({ promotion, now }: { promotion: DatedPromotion | null; now: Instant }) {
  if (!promotion) return null;
  return <Alert type={promotionState(promotion, now) === "running" ? "success" : "info"} showIcon message={promotionNote(promotion, now)} />;
}
