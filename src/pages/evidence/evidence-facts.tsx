import { Descriptions, Typography } from "antd";
import { EVIDENCE_KIND_LABELS, type EvidenceRecordView } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";

const Digest = ({ value }: { value: string }) => (
  <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
    {value}
  </Typography.Text>
);

/** The logged facts of one record, as a holder reads them on its record pages. */
export function EvidenceFacts({ record }: { record: EvidenceRecordView }) {
  const fileName = typeof record.details.fileName === "string" ? record.details.fileName : null;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: "no", label: "证书编号", children: record.certificateNo },
        { key: "kind", label: "存证类型", children: EVIDENCE_KIND_LABELS[record.kind] },
        { key: "name", label: "存证名称", children: record.name },
        ...(fileName ? [{ key: "file", label: "文件名称", children: fileName }] : []),
        { key: "holder", label: "存证人", children: record.holderName },
        { key: "size", label: "文件大小", children: `${formatFileSize(record.size)}（${record.size} 字节）` },
        { key: "sha256", label: "SHA-256", children: <Digest value={record.sha256} /> },
        { key: "sm3", label: "SM3", children: <Digest value={record.sm3} /> },
        { key: "time", label: "存证时间", children: formatDateTime(record.createTime) },
        { key: "index", label: "账本序号", children: record.ledgerIndex ?? "—" },
        { key: "block", label: "区块高度", children: record.blockHeight ?? "—" },
      ]}
    />
  );
}
