import { Card } from "antd";
import type { ListRecord, PageSlots } from "../../resources/types";
import type { MonitorHitDetail } from "../../schema/monitor";
import { HitBasis } from "./hit-basis";

/** Below a hit's certificate: why it matched (the certificate page reads the hit's detail, which carries it). */
function HitBasisPanel({ record }: { record?: ListRecord }) {
  const match = (record as Partial<MonitorHitDetail> | undefined)?.match;
  if (!match) return null;
  return (
    <Card title="匹配依据" size="small" style={{ marginTop: 16 }}>
      <HitBasis match={match} />
    </Card>
  );
}

const slots: PageSlots = { panel: HitBasisPanel };
export default slots;
