import { Alert } from "antd";
import { bundlePromotionState } from "../../schema/bundle";
import type { Instant } from "../../schema/shanghai-time";
import { promotionNote } from "./bundle-promotion";

/** Beside every bundle price: which promotion, its dates, whether it runs, and so which prices these are. */
export function PromotionNotice({ now }: { now: Instant }) {
  return <Alert type={bundlePromotionState(now) === "running" ? "success" : "info"} showIcon message={promotionNote(now)} />;
}
