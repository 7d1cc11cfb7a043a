import { Button, Descriptions, Empty, Typography } from "antd";
import { formatDateTime } from "../../schema/format";
import type { SealCertificate } from "../../schema/seal";

/** The organisation's signing certificate from the platform seal CA, with issue / renew. */
export function SealCertificateCard({ certificate, isBusy, onIssue }: { certificate: SealCertificate | null; isBusy: boolean; onIssue: () => void }) {
  const action = (
    <Button type={certificate ? "default" : "primary"} loading={isBusy} onClick={onIssue}>
      {certificate ? "更新证书" : "签发印章证书"}
    </Button>
  );
  if (!certificate) return <Empty description="尚未签发印章证书：签发后即可用印">{action}</Empty>;
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="证书主体">{certificate.subject}</Descriptions.Item>
        <Descriptions.Item label="颁发者">{certificate.issuer}</Descriptions.Item>
        <Descriptions.Item label="证书序列号">
          <Typography.Text code copyable>
            {certificate.serialNumber}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="有效期">
          {formatDateTime(certificate.notBefore)} 至 {formatDateTime(certificate.notAfter)}
        </Descriptions.Item>
        <Descriptions.Item label="SHA-256 指纹">
          <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
            {certificate.fingerprint}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        证书由衡证平台自建的电子印章 CA 签发，该 CA 并非依法设立的电子认证服务机构；核验方需将平台 CA 证书设为信任后，方能在 PDF 阅读器中看到“证书可信”。更新证书会生成新的签名密钥，已用印的文件不受影响。
      </Typography.Paragraph>
      {action}
    </>
  );
}
