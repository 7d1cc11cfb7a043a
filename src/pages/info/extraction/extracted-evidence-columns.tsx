import type { ProColumns } from "@ant-design/pro-components";
import { Space, Typography } from "antd";
import { EvidencePartLinks } from "../../../components/evidence-part-links";
import type { PartUrl } from "../../../providers/evidence-library-client";
import { describeFields, formatFieldValue } from "../../../resources/field-meta";
import type { ListRecord } from "../../../resources/types";
import { ExtractedEvidenceSchema, type ExtractedEvidence } from "../../../schema/evidence-library";
import { fieldColumns } from "../../kinds/field-cell";

const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 12, wordBreak: "break-all" } as const;
const [NAME, CERTIFICATE_NO, SHA256, SM3, CREATE_TIME, KIND, SIZE] = describeFields(ExtractedEvidenceSchema, ["name", "certificateNo", "sha256", "sm3", "createTime", "kind", "size"]);
/** Fixed widths: long values (digests, certificate numbers) wrap inside their cells, so nothing overlaps even on a 1366-pixel screen. */
const WIDTHS: Record<string, number> = { name: 170, certificateNo: 150, createTime: 104 };

/**
 * Columns of the extraction list, labelled by the record schema's metadata: the name with its kind
 * and size beneath, the certificate number, both digests in one cell, the time, and the downloads.
 */
export function extractedEvidenceColumns(urlOf: PartUrl): ProColumns<ListRecord>[] {
  const columns = fieldColumns([NAME, CERTIFICATE_NO, SHA256, CREATE_TIME], {
    name: (_value, record) => (
      <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
        <Typography.Text strong style={{ wordBreak: "break-all" }}>
          {formatFieldValue(NAME, record.name)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatFieldValue(KIND, record.kind)} · {formatFieldValue(SIZE, record.size)}
        </Typography.Text>
      </Space>
    ),
    certificateNo: (value) => <span style={MONO}>{String(value)}</span>,
    sha256: (_value, record) => (
      <div style={MONO}>
        <div>
          {SHA256.label}：{String(record.sha256)}
        </div>
        <div style={{ marginTop: 4 }}>
          {SM3.label}：{String(record.sm3)}
        </div>
      </div>
    ),
  }).map((column) => ({
    ...column,
    ...(column.key === SHA256.name ? { title: `摘要（${SHA256.label} / ${SM3.label}）` } : {}),
    ...(WIDTHS[String(column.key)] ? { width: WIDTHS[String(column.key)] } : {}),
  }));
  return [
    ...columns,
    {
      key: "downloads",
      title: "下载",
      width: 120,
      render: (_dom, record) => {
        const item = record as ExtractedEvidence;
        return <EvidencePartLinks id={item.id} original={item.original} attachments={item.attachments} urlOf={urlOf} parts={["file", "attachment", "certificate", "proof"]} />;
      },
    },
  ];
}
