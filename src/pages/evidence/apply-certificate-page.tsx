import { useCreate, type HttpError } from "@refinedev/core";
import { Alert, App, Button, Result, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { FileDigests } from "../../components/local-digest/digest-file";
import { LocalDigestField } from "../../components/local-digest/local-digest-field";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { EVIDENCE_ENDPOINTS, EVIDENCE_MESSAGES, type EvidenceRecordView } from "../../schema/evidence";
import { withRecordId } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceFacts } from "./evidence-facts";
import { useEvidenceRecord } from "./use-evidence-record";

/**
 * /evidenceSave/hashEvidence/dataList/ApplyCertificateProcess?id=: the holder presents the original
 * of a hash evidence. It is hashed here first, so a wrong file is refused without uploading it; a
 * matching one is uploaded, checked again by the server, kept, and the evidence fully certified.
 */
export default function ApplyCertificatePage({ route }: SectionPageProps) {
  const { id, record, query } = useEvidenceRecord({ route });
  const list = siblingPath(route, "dataList");
  const back = list && <Link to={list}>返回存证列表</Link>;
  let content;
  if (id === "") content = <Result status="warning" title="未指定要申请出证的存证" extra={back} />;
  else if (query.isLoading) content = <Skeleton active />;
  else if (query.error || !record) content = <Alert type="error" showIcon message={query.error?.message ?? EVIDENCE_MESSAGES.notFound} />;
  else content = <ApplyForm record={record} resource={route.resource} certificatePath={siblingPath(route, "dataList/Certificate")} />;
  return (
    <SectionPageFrame route={route} extra={back}>
      {content}
    </SectionPageFrame>
  );
}

function ApplyForm({ record, resource, certificatePath }: { record: EvidenceRecordView; resource: string; certificatePath?: string }) {
  const [chosen, setChosen] = useState<{ file: File; digests: FileDigests } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const { mutateAsync } = useCreate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  if (record.hasContent) return <Result status="success" title="该哈希存证已核验原件并出具完整证书" extra={certificatePath && <Link to={withRecordId(certificatePath, record.id)}>查看证书</Link>} />;
  const isMatch = chosen && chosen.digests.sha256 === record.sha256 && chosen.digests.sm3 === record.sm3 && chosen.digests.size === record.size;

  async function upload() {
    if (!chosen) return;
    setUploading(true);
    setRefusal(null);
    try {
      await mutateAsync({ resource, values: { id: record.id, file: chosen.file }, meta: { endpoints: { create: EVIDENCE_ENDPOINTS.applyHashCertificate } }, successNotification: false, errorNotification: false });
      message.success("原件核验一致，已出具完整证书");
      if (certificatePath) navigate(withRecordId(certificatePath, record.id));
    } catch (error) {
      setRefusal((error as HttpError).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: "100%", maxWidth: 760 }}>
      <Typography.Paragraph>存证时平台只记录了下列摘要值。请选择原文件：先在本地计算摘要并比对，一致后再上传原件，平台复核一致即出具完整证书并保存原件。</Typography.Paragraph>
      <EvidenceFacts record={record} />
      <LocalDigestField buttonLabel="选择原文件" note="先在您的电脑上计算摘要并与存证记录比对；一致后，点击下方按钮才会上传原件。" onChange={(digests, file) => setChosen(digests && file ? { file, digests } : null)} />
      {chosen && !isMatch && <Alert type="error" showIcon message={EVIDENCE_MESSAGES.originalMismatch} />}
      {refusal && <Alert type="error" showIcon message={refusal} />}
      <Button type="primary" disabled={!isMatch} loading={isUploading} onClick={() => void upload()}>
        上传原件并申请出证
      </Button>
    </Space>
  );
}
