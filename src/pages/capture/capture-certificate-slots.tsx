import { Alert, Card, Space } from "antd";
import type { ListRecord, PageSlots } from "../../resources/types";
import { PROVENANCE_LABELS, type CaptureDetail } from "../../schema/capture";
import { CaptureFileButtons } from "./capture-files";
import { CaptureProvenanceSummary } from "./capture-provenance";
import { QaFindingList } from "./qa-finding-list";

/** Below a sealed capture's certificate: the package's files and the capture's provenance, with any QA findings the holder accepted. */
function CaptureCertificatePanel({ record }: { record?: ListRecord }) {
  if (!record) return null;
  const capture = record as unknown as CaptureDetail;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <Card title="取证包下载" size="small">
        <CaptureFileButtons id={capture.id} name={capture.name} />
      </Card>
      {capture.qaAccepted && capture.qaFindings.length > 0 && (
        <Alert type="warning" showIcon message="持有人已确认以下质量检查发现，证书载明这些发现" description={<QaFindingList findings={capture.qaFindings} />} />
      )}
      <Card title={PROVENANCE_LABELS.heading} size="small">
        {capture.provenance ? <CaptureProvenanceSummary provenance={capture.provenance} /> : <Alert type="info" showIcon message="该取证尚无取证环境与过程记录" />}
      </Card>
    </Space>
  );
}

const slots: PageSlots = { panel: CaptureCertificatePanel };
export default slots;
