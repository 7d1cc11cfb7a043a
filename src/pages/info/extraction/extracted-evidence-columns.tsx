import { Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { EVIDENCE_KIND_LABELS } from "../../../schema/evidence";
import { EvidencePartLinks } from "../../../components/evidence-part-links";
import type { PartUrl } from "../../../providers/evidence-library-client";
import type { ExtractedEvidence } from "../../../schema/evidence-library";
import { formatDateTime, formatFileSize } from "../../../schema/format";

const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 12, wordBreak: "break-all" } as const;

/**
 * Columns of the extraction list. Widths are fixed and long values (digests, certificate numbers)
 * wrap inside their cells, so nothing overlaps even on a 1366-pixel screen.
 */
export function extractedEvidenceColumns(urlOf: PartUrl): ColumnsType<ExtractedEvidence> {
  return [
    {
      key: "name",
      title: "证据名称",
      dataIndex: "name",
      width: 170,
      render: (name: string, record) => (
        <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ wordBreak: "break-all" }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {EVIDENCE_KIND_LABELS[record.kind]} · {formatFileSize(record.size)}
          </Typography.Text>
        </Space>
      ),
    },
    { key: "certificateNo", title: "证书编号", dataIndex: "certificateNo", width: 150, render: (no: string) => <span style={MONO}>{no}</span> },
    {
      key: "digests",
      title: "摘要（SHA-256 / SM3）",
      render: (_value, record) => (
        <div style={MONO}>
          <div>SHA-256：{record.sha256}</div>
          <div style={{ marginTop: 4 }}>SM3：{record.sm3}</div>
        </div>
      ),
    },
    { key: "createTime", title: "存证时间", dataIndex: "createTime", width: 104, render: (time: number) => formatDateTime(time) },
    {
      key: "downloads",
      title: "下载",
      width: 120,
      render: (_value, record) => (
        <EvidencePartLinks id={record.id} original={record.original} attachments={record.attachments} urlOf={urlOf} parts={["file", "attachment", "certificate", "proof"]} />
      ),
    },
  ];
}
