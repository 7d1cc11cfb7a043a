import { LightAlert } from "../../components/light/light-alert";
import type { TotalTip } from "./use-total-tip";

export function TotalTipAlert({ tip }: { tip: TotalTip | null }) {
  if (!tip) return null;
  return <LightAlert type={tip.type} message={tip.message} style={{ marginBottom: 16 }} />;
}
