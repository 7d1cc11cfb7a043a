import { Alert, Result, Skeleton, Space, Typography } from "antd";
import { Link } from "react-router";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { EVIDENCE_MESSAGES } from "../../schema/evidence";
import { formatDateTime } from "../../schema/format";
import { withRecordId } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceFacts } from "./evidence-facts";
import { useEvidenceRecord } from "./use-evidence-record";

/**
 * /evidenceSave/hashEvidence/dataList/NoticeCertificate?id=: the notice of a hash evidence. It says
 * exactly what the platform can attest without the file: these digests were logged at this time.
 * Whether a file matches is for whoever holds it to check (or for ApplyCertificateProcess).
 */
export default function NoticeCertificatePage({ route }: SectionPageProps) {
  const { id, record, query } = useEvidenceRecord({ route });
  const list = siblingPath(route, "dataList");
  const apply = siblingPath(route, "dataList/ApplyCertificateProcess");
  const back = list && <Link to={list}>返回存证列表</Link>;
  let content;
  if (id === "") content = <Result status="warning" title="未指定存证记录" extra={back} />;
  else if (query.isLoading) content = <Skeleton active />;
  else if (query.error || !record) content = <Alert type="error" showIcon message={query.error?.message ?? EVIDENCE_MESSAGES.notFound} />;
  else
    content = (
      <Space direction="vertical" size="middle" style={{ width: "100%", maxWidth: 760 }}>
        <Typography.Title level={4} style={{ textAlign: "center" }}>
          哈希存证告知书
        </Typography.Title>
        <Typography.Paragraph>
          {record.holderName}：您于 {formatDateTime(record.createTime)} 提交的文件摘要值已写入本平台的防篡改存证账本（账本序号 {record.ledgerIndex ?? "—"}，区块高度{" "}
          {record.blockHeight ?? "—"}）。本平台未接收该文件本身，仅证明下列摘要值在上述时间已经存在且此后未被改动；任何持有原文件的人均可重新计算摘要并与之比对。
        </Typography.Paragraph>
        <EvidenceFacts record={record} />
        <Typography.Paragraph type="secondary">
          {record.hasContent
            ? `原件已于 ${formatDateTime(Number(record.details.originalVerifiedAt))} 核验一致，平台已出具完整证书。`
            : "如需平台出具载明原件核验结果的完整证书，可申请出证并出示原文件。"}
          {!record.hasContent && apply && <Link to={withRecordId(apply, record.id)}> 申请出证</Link>}
        </Typography.Paragraph>
      </Space>
    );
  return (
    <SectionPageFrame route={route} extra={back}>
      {content}
    </SectionPageFrame>
  );
}
