import { Card, Empty, List, Space, Tag, Typography } from "antd";
import { EVIDENCE_KIND_LABELS } from "../../schema/evidence";
import { formatDateTime, formatFileSize } from "../../schema/format";
import { certificateVerifyHref, type LinkedEvidence } from "../../schema/lawyer-service";

const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 12, wordBreak: "break-all" } as const;

/**
 * The evidence the user linked, as it was when the consultation began: name, type, certificate
 * number and digests, with the certificate's public verification. The originals stay with the
 * user unless they attach them to a message.
 */
export function LinkedEvidencePanel({ evidence }: { evidence: readonly LinkedEvidence[] }) {
  return (
    <Card size="small" title={`关联证据（${evidence.length}）`}>
      {evidence.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未关联证据" />
      ) : (
        <List
          dataSource={evidence as LinkedEvidence[]}
          rowKey="evidenceId"
          renderItem={(item) => (
            <List.Item aria-label={`证据 ${item.name}`}>
              <Space direction="vertical" size={2} style={{ width: "100%" }}>
                <Space size={6} wrap>
                  <Typography.Text strong>{item.name}</Typography.Text>
                  <Tag>{EVIDENCE_KIND_LABELS[item.kind]}</Tag>
                </Space>
                <Typography.Text copyable style={MONO}>
                  证书编号 {item.certificateNo}
                </Typography.Text>
                <Typography.Text style={MONO}>SHA-256 {item.sha256}</Typography.Text>
                <Typography.Text style={MONO}>SM3 {item.sm3}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatFileSize(item.size)} · 存证于 {formatDateTime(item.storeTime)}
                  {item.ledgerIndex !== null && ` · 账本序号 ${item.ledgerIndex}`}
                </Typography.Text>
                <a href={certificateVerifyHref(item.certificateNo)} target="_blank" rel="noopener noreferrer">
                  公开核验证书
                </a>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
