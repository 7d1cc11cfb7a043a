import { Alert } from "antd";
import type { TotalTip } from "./use-total-tip";

export function TotalTipAlert({ tip }: { tip: TotalTip | null }) {
  if (!tip) return null;
  return <Alert type={tip.type} showIcon message={tip.message} style={{ marginBottom: 16 }} />;
}
