import { Tag } from "antd";
import { EVIDENCE_STATUS_LABELS, type EvidenceStatus } from "../../schema/evidence";

const COLORS: Record<EvidenceStatus, string> = { stored: "success", pending: "processing", failed: "error" };

export function EvidenceStatusTag({ status }: { status: EvidenceStatus }) {
  return <Tag color={COLORS[status]}>{EVIDENCE_STATUS_LABELS[status]}</Tag>;
}
