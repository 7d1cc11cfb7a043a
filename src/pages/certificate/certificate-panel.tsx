import { DownloadOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Alert, App, Button, Card, Space, Spin } from "antd";
import { useEffect, useState } from "react";
import { EvidencePartLinks } from "../../components/evidence-part-links";
import type { FileDigests } from "../../components/local-digest/digest-file";
import { useEvidenceLibraryClient } from "../../providers/evidence-library-client";
import type { PublicCertificate } from "../../schema/certificate";
import type { EvidenceAttachment, EvidenceOriginal } from "../../schema/evidence-original";
import { CertificateResult } from "../../verification/certificate-result";
import { usePlatformKey } from "../../verification/use-platform-key";
import { useVerificationClient } from "../../verification/verification-context";
import { OriginalFileCheck } from "./original-file-check";

/**
 * Below a record's fields: the certificate PDF, the original (labelled for what it is), a voucher's
 * attachments and the ledger proof for download; a file picker to check an original against the
 * record in this browser; and the same checks the public page runs, done here against the
 * platform key. The PDF carries its own proof.
 */
export function CertificatePanel({ record, idParam }: { record: BaseRecord; idParam: string }) {
  const client = useVerificationClient();
  const library = useEvidenceLibraryClient();
  const platformKey = usePlatformKey();
  const { message } = App.useApp();
  const certificateNo = typeof record.certificateNo === "string" ? record.certificateNo : "";
  const id = String(record[idParam] ?? "");
  const [certificate, setCertificate] = useState<PublicCertificate | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  const [file, setFile] = useState<FileDigests | null>(null);
  const original = (record.original ?? null) as EvidenceOriginal | null;
  const attachments = (Array.isArray(record.attachments) ? record.attachments : []) as EvidenceAttachment[];

  useEffect(() => {
    if (!certificateNo) return;
    let isCurrent = true;
    void client.byCertificateNo(certificateNo).then((envelope) => {
      if (!isCurrent) return;
      if (envelope.code === 200) setCertificate(envelope.datas);
      else setProblem(envelope.message);
    });
    return () => {
      isCurrent = false;
    };
  }, [client, certificateNo]);

  async function download() {
    setDownloading(true);
    const answer = await client.downloadCertificatePdf(id);
    setDownloading(false);
    if ("code" in answer) return void message.error(answer.message);
    const url = URL.createObjectURL(answer.pdf);
    const link = document.createElement("a");
    link.href = url;
    link.download = answer.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  if (!certificateNo) return <Alert style={{ marginTop: 16 }} type="info" showIcon message="该记录还没有证书编号" />;
  return (
    <Card
      style={{ marginTop: 16 }}
      title="存证证书"
      extra={
        <Space size="large">
          <EvidencePartLinks id={Number(id)} original={original} attachments={attachments} urlOf={library.holderItemUrl} parts={["file", "attachment", "proof"]} direction="horizontal" />
          <Button type="primary" icon={<DownloadOutlined />} loading={isDownloading} onClick={() => void download()}>
            下载 PDF 证书
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert type="info" showIcon message="PDF 证书内嵌证据记录原文和包含证明，可在公开核验页面或用离线验证工具（npx hengzheng-verify verify 证书.pdf 原文件）独立核验。" />
        {problem && <Alert type="warning" showIcon message={problem} />}
        {platformKey.status === "error" && <Alert type="error" showIcon message={platformKey.message} />}
        {!problem && (!certificate || platformKey.status === "loading") && <Spin />}
        {typeof record.sha256 === "string" && typeof record.sm3 === "string" && <OriginalFileCheck expected={{ sha256: record.sha256, sm3: record.sm3 }} onDigests={setFile} />}
        {certificate && platformKey.status === "ready" && (
          <CertificateResult certificate={certificate} platformKey={platformKey.key} {...(file ? { file, fileName: file.name } : {})} />
        )}
      </Space>
    </Card>
  );
}
