import { App, Alert, Button, Card, Space, Spin } from "antd";
import { useEffect, useState } from "react";
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
            <SignedDownloadButton type="primary" endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadCertificate} params={{ id: application.id }} file={file}>
              下载公证书
            </SignedDownloadButton>
          }
        >
          <CertificateSummary certificate={application.certificate} />
        </Card>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert type="info" showIcon message="下方为按本处模板生成的预览（未盖章、未上链）。核对无误后出具公证书。" />
          {refusal && <Alert type="error" showIcon message={refusal} />}
          <Button type="primary" onClick={confirmIssue} loading={issue.mutation.isPending}>
            出具公证书
          </Button>
        </Space>
      )}
      <PdfView endpoint={isIssued ? NOTARY_CONSOLE_ENDPOINTS.downloadCertificate : NOTARY_CONSOLE_ENDPOINTS.previewCertificate} id={application.id} fallbackName={file.fallbackName} title={isIssued ? "公证书" : "公证书预览"} />
    </Space>
  );
}

/** The PDF in the page (the browser's own viewer), fetched from the signed address; a refusal is said in its place. */
function PdfView({ endpoint, id, fallbackName, title }: { endpoint: typeof NOTARY_CONSOLE_ENDPOINTS.previewCertificate; id: number; fallbackName: string; title: string }) {
  const files = useSignedFiles();
  const [state, setState] = useState<{ url: string } | { problem: string } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let isCurrent = true;
    files.fetchFile(endpoint, { id }, { contentType: "application/pdf", fallbackName }).then(
      (answer) => {
        if (!isCurrent) return;
        if ("code" in answer) return setState({ problem: answer.message });
        url = URL.createObjectURL(answer.file);
        setState({ url });
      },
      () => isCurrent && setState({ problem: "公证书读取失败，请稍后重试" }),
    );
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, endpoint, id, fallbackName]);
  if (!state) return <Spin />;
  if ("problem" in state) return <Alert type="error" showIcon message={state.problem} />;
  return (
    <Card title={title} type="inner" extra={<a href={state.url} target="_blank" rel="noreferrer">在新窗口打开</a>}>
      <iframe title={title} src={state.url} style={{ width: "100%", height: 720, border: "1px solid #f0f0f0" }} />
    </Card>
  );
}
