import { Alert, Card, Descriptions, Result, Space } from "antd";
import { useMemo } from "react";
import { describeHolderIdentity, HOLDER_IDENTITY_LABEL, type PublicCertificate } from "../schema/certificate";
import { formatDateTime } from "../schema/format";
import { verifyCertificate, type FileContentChecks, type FileDigests } from "./certificate-checks";
import { CheckList } from "./check-list";
import { holderIdentityOfAnswer } from "./holder-identity-check";

/**
 * One certificate checked in this browser: the server only supplied the entry and the proof; the
 * leaf hash, signature, inclusion proof and file digests are all computed here, against the
 * platform key shown on the page; `fileChecks` are those of the file's own content (a web capture's
 * package), listed and judged with the others.
 */
export function CertificateResult({ certificate, platformKey, file, fileChecks, fileName }: { certificate: PublicCertificate; platformKey: string; file?: FileDigests; fileChecks?: FileContentChecks; fileName?: string }) {
  const verification = useMemo(
    () =>
      verifyCertificate({
        entry: certificate.entry,
        proofBundle: certificate.proofBundle,
        verifierKeys: [platformKey],
        certificateNo: certificate.certificateNo,
        holderIdentity: holderIdentityOfAnswer(certificate),
        ...(file ? { file, ...(fileChecks ? { fileChecks } : {}) } : {}),
      }),
    [certificate, platformKey, file, fileChecks],
  );
  const { entry } = verification;
  const failed = verification.checks.filter((check) => check.status === "fail").length;
  return (
    <Card data-testid="certificate-result" data-ok={verification.ok}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Result
          style={{ padding: "8px 0" }}
          status={verification.ok ? "success" : "error"}
          title={verification.ok ? "核验通过" : "核验未通过"}
          subTitle={
            verification.ok
              ? file
                ? "文件与存证记录一致，存证记录包含在平台签名的账本中。"
                : "存证记录包含在平台签名的账本中。提供原文件可进一步核对文件内容。"
              : `${failed} 项检查未通过，详见下方各项原因。`
          }
        />
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: "no", label: "证书编号", children: certificate.certificateNo },
            { key: "kind", label: "证据类型", children: certificate.kindLabel },
            { key: "holder", label: "持有人（脱敏）", children: certificate.holderName },
            { key: "identity", label: HOLDER_IDENTITY_LABEL, children: describeHolderIdentity(certificate.holderIdentity) },
            { key: "name", label: "证据名称（脱敏）", children: certificate.evidenceName },
            { key: "time", label: "存证时间", children: `${formatDateTime(certificate.createdAt)}（北京时间，${certificate.timeSource}）` },
            { key: "index", label: "账本序号 / 区块高度", children: `${certificate.ledgerIndex} / ${certificate.blockHeight}` },
            { key: "sha256", label: "记录的 SHA-256", children: <code>{entry?.sha256 ?? "—"}</code> },
            { key: "sm3", label: "记录的 SM3", children: <code>{entry?.sm3 ?? "—"}</code> },
            ...(file ? [{ key: "file", label: "您的文件", children: <span>{fileName ? `${fileName}：` : ""}<code>{file.sha256}</code>（在本机计算，未上传）</span> }] : []),
          ]}
        />
        {!file && <Alert type="info" showIcon message="未提供文件：文件摘要两项未检查。" />}
        <CheckList checks={verification.checks} />
      </Space>
    </Card>
  );
}
