import { CloudDownloadOutlined } from "@ant-design/icons";
import { Alert, Card, Space } from "antd";
import { Link } from "react-router";
import { SignedDownloadButton, SignedDownloadLink } from "../../components/signed-download";
import type { SectionPageProps } from "../../resources/derive";
import type { ListRecord } from "../../resources/types";
import { NOTARIZATION_LIFECYCLE, type CoveredEvidence, type NotarizationDetail } from "../../schema/notarization";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../schema/notary-console";
import { usePlatformKey } from "../../verification/use-platform-key";
import { useVerificationClient } from "../../verification/verification-context";
import { ApplicationPage } from "../notarization/application-page";
import { CertificateSummary } from "../notarization/certificate-summary";
import { CoveredEvidenceTable } from "../notarization/covered-evidence-table";
import { MaterialsTable } from "../notarization/materials-table";
import { NotarizationTimeline } from "../notarization/notarization-timeline";
import { ApplicationFacts } from "./application-facts";
import { EvidenceCheckCell } from "./evidence-check-cell";
import { requestHref } from "./request-links";
import { useEvidenceChecks } from "./use-evidence-checks";

/**
 * /info/notaryRequests/requestList/requestContent?id=: the whole application as the office reviews
 * it. Each covered evidence is checked live in this browser against the platform key (its
 * certificate's ledger entry and inclusion proof, and the digest frozen at submission), and can be
 * downloaded (the original, or a capture's or recording's package); the whole set as one ZIP with
 * its manifest; the applicant's materials; the timeline.
 */
export default function RequestContentPage({ route }: SectionPageProps) {
  return (
    <ApplicationPage route={route} endpoint={NOTARY_CONSOLE_ENDPOINTS.requestContent}>
      {(application) => <RequestContent route={route} application={application} />}
    </ApplicationPage>
  );
}

function RequestContent({ route, application }: SectionPageProps & { application: NotarizationDetail }) {
  const client = useVerificationClient();
  const platformKey = usePlatformKey();
  const { results, recheck } = useEvidenceChecks(client, platformKey.status === "ready" ? platformKey.key : null, application.evidence);
  const passed = application.evidence.filter((item) => { const check = results.get(item.evidenceId); return check?.status === "done" && check.ok; }).length;
  const decisions = NOTARIZATION_LIFECYCLE.actionsFrom(application.state, "notary").filter((action) => action !== "issue");
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Space size="middle" wrap>
        {decisions.length > 0 && <Link to={requestHref(route, "infoAudit", application.id)}>去审核</Link>}
        {(application.state === "approved" || application.state === "issued") && <Link to={requestHref(route, "certificate", application.id)}>{application.state === "approved" ? "出具公证书" : "查看公证书"}</Link>}
      </Space>
      <Card title="申请信息" type="inner">
        <ApplicationFacts application={application} />
      </Card>
      <Card
        title={`所涉证据（${application.evidence.length} 条，浏览器核验通过 ${passed} 条）`}
        type="inner"
        extra={
          <SignedDownloadLink endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadPackage} params={{ id: application.id }}>
            <CloudDownloadOutlined /> 打包下载全部证据（ZIP，含 manifest.json）
          </SignedDownloadLink>
        }
      >
        {platformKey.status === "error" && <Alert type="error" showIcon style={{ marginBottom: 12 }} message="无法获取平台公钥，不能在浏览器中核验" description={platformKey.message} />}
        {platformKey.status === "ready" && platformKey.changedFrom && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="平台公钥与本浏览器此前记住的不同，请向平台核实后再信任核验结果" />}
        <CoveredEvidenceTable
          evidence={application.evidence}
          action={{
            key: "check",
            title: "核验与下载",
            fixed: "right",
            render: (_dom, record: ListRecord) => {
              const item = record as unknown as CoveredEvidence;
              return (
                <Space size={8}>
                  <EvidenceCheckCell check={results.get(item.evidenceId)} onRecheck={() => void recheck(item)} />
                  <SignedDownloadButton endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadEvidence} params={{ id: application.id, evidenceId: item.evidenceId }} file={{ fallbackName: item.name }}>
                    下载
                  </SignedDownloadButton>
                </Space>
              );
            },
          }}
        />
      </Card>
      {application.openMaterialRequest !== null && <Alert type="warning" showIcon message="已要求申请人补充材料" description={application.openMaterialRequest} />}
      <Card title="补充材料" type="inner">
        <MaterialsTable applicationId={application.id} materials={application.materials} endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadMaterial} />
      </Card>
      {application.certificate && (
        <Card title="公证书" type="inner">
          <CertificateSummary certificate={application.certificate} />
        </Card>
      )}
      <Card title="办理进度" type="inner">
        <NotarizationTimeline events={application.events} />
      </Card>
    </Space>
  );
}
