import { FilePdfOutlined } from "@ant-design/icons";
import { App, Alert, Button, Card, Space } from "antd";
import { useState, type ReactNode } from "react";
import { SignedDownloadButton, useSignedFiles } from "../../components/signed-download";
import { useEndpointMutation } from "../../providers/use-endpoint";
import type { SectionPageProps } from "../../resources/derive";
import type { NotarizationDetail } from "../../schema/notarization";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../schema/notary-console";
import { ApplicationPage } from "../notarization/application-page";
import { CertificateSummary } from "../notarization/certificate-summary";
import { certificateFile } from "../notarization/notarial-certificate-file";
import { refusalOf } from "../kinds/server-refusal";

/**
 * /info/notaryRequests/requestList/certificate?id=: the notarial certificate of an approved
 * application. Before issuing: the office's template filled with this application, as an unsealed
 * preview; 出具公证书 seals it with the office's seal and puts its digest on the ledger. After:
 * the issued certificate, its facts and its download.
 */
export default function CertificatePage({ route }: SectionPageProps) {
  return (
    <ApplicationPage route={route} endpoint={NOTARY_CONSOLE_ENDPOINTS.requestContent}>
      {(application, refresh) => <CertificateBody application={application} onIssued={refresh} />}
    </ApplicationPage>
  );
}

function CertificateBody({ application, onIssued }: { application: NotarizationDetail; onIssued: () => void }) {
  const { modal, message } = App.useApp();
  const issue = useEndpointMutation(NOTARY_CONSOLE_ENDPOINTS.issueCertificate);
  const [refusal, setRefusal] = useState<string | null>(null);
  const file = certificateFile(application.applicationNo);
  if (application.state !== "approved" && application.state !== "issued") {
    return <Alert type="info" showIcon message="申请审核通过后才能出具公证书。" />;
  }
  const isIssued = application.state === "issued";

  function confirmIssue() {
    setRefusal(null);
    modal.confirm({
      title: "出具公证书",
      content: "将按预览的内容生成公证书，加盖本处电子印章，并把公证书的摘要记入公开账本；出具后不能撤回或修改。",
      okText: "确认出具",
      cancelText: "取消",
      onOk: async () => {
        try {
          const issued = await issue.send({ id: application.id });
          message.success(`公证书已出具：${issued.certificate?.certificateNo ?? ""}`);
          onIssued();
        } catch (error) {
          setRefusal(refusalOf(error).message);
        }
      },
    });
  }

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      {isIssued && application.certificate ? (
        <Card
          title="已出具的公证书"
          type="inner"
          extra={
            <Space>
              <PdfOpenButton endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadCertificate} id={application.id} fallbackName={file.fallbackName}>
                查看公证书
              </PdfOpenButton>
              <SignedDownloadButton type="primary" endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadCertificate} params={{ id: application.id }} file={file}>
                下载公证书
              </SignedDownloadButton>
            </Space>
          }
        >
          <CertificateSummary certificate={application.certificate} />
        </Card>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert type="info" showIcon message="预览为按本处模板和这份申请生成的公证书（未盖章、未上链）。核对无误后出具公证书。" />
          {refusal && <Alert type="error" showIcon message={refusal} />}
          <Space>
            <PdfOpenButton endpoint={NOTARY_CONSOLE_ENDPOINTS.previewCertificate} id={application.id} fallbackName={file.fallbackName}>
              预览公证书
            </PdfOpenButton>
            <Button type="primary" onClick={confirmIssue} loading={issue.mutation.isPending}>
              出具公证书
            </Button>
          </Space>
        </Space>
      )}
    </Space>
  );
}

/**
 * 预览 / 查看: the PDF in a new tab with the browser's own viewer (the page's security policy frames
 * no blob: documents). The tab is opened at the click, so no pop-up blocker stops it, and shown the
 * file once it has arrived; a refusal closes it and is said here.
 */
function PdfOpenButton({ endpoint, id, fallbackName, children }: { endpoint: typeof NOTARY_CONSOLE_ENDPOINTS.previewCertificate; id: number; fallbackName: string; children: ReactNode }) {
  const files = useSignedFiles();
  const { message } = App.useApp();
  const [isLoading, setLoading] = useState(false);
  async function open() {
    const tab = window.open("", "_blank");
    setLoading(true);
    try {
      const answer = await files.fetchFile(endpoint, { id }, { contentType: "application/pdf", fallbackName });
      if ("code" in answer) throw new Error(answer.message);
      const url = URL.createObjectURL(answer.file);
      if (tab) tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      message.error(error instanceof Error && error.message ? error.message : "公证书读取失败，请稍后重试");
    } finally {
      setLoading(false);
    }
  }
  return (
    <Button icon={<FilePdfOutlined />} loading={isLoading} onClick={() => void open()}>
      {children}
    </Button>
  );
}
