import { Alert, Card, Space } from "antd";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { SignedDownloadButton } from "../../components/signed-download";
import type { ListRecord, ListSlotProps, PageSlots } from "../../resources/types";
import { NOTARIZATION_ENDPOINTS, NOTARIZED_SAVE_KINDS, type NotarizationDetail } from "../../schema/notarization";
import { useCertificateLinkCells } from "./certificate-link-cells";
import { CertificateSummary } from "./certificate-summary";
import { CoveredEvidenceTable } from "./covered-evidence-table";
import { MaterialsTable } from "./materials-table";
import { certificateFile } from "./notarial-certificate-file";
import { applicationHref, SUPPLEMENT_ANCHOR } from "./notarization-links";
import { SupplementForm } from "./supplement-form";
import { WithdrawButton } from "./withdraw-button";

/**
 * What dataDetail shows below the application's facts: the office's open material request with
 * the supplement form, the notarial certificate (download), the covered evidence (each linked to
 * its certificate, by kind to evidenceSaveInfo), the supplied materials, and 撤回 / 办理进度.
 */
function ApplicationPanel({ route, record, refresh }: ListSlotProps & { record?: ListRecord }) {
  const cells = useCertificateLinkCells();
  useScrollToSupplement(record !== undefined);
  if (!record) return null;
  const application = record as unknown as NotarizationDetail;
  const kinds = NOTARIZED_SAVE_KINDS.filter((kind) => application.evidence.some((item) => item.kind === kind));
  return (
    <Space direction="vertical" size="large" style={{ width: "100%", marginTop: 24 }}>
      <Space size="middle" wrap>
        <Link to={applicationHref(route, "progress", application.id)}>办理进度</Link>
        {application.actions.includes("withdraw") && <WithdrawButton application={application} onDone={refresh} />}
      </Space>
      {application.openMaterialRequest !== null && (
        <Card id={SUPPLEMENT_ANCHOR} title="公证处要求补充材料" type="inner">
          <Alert type="warning" showIcon style={{ marginBottom: 16, whiteSpace: "pre-line" }} message={application.openMaterialRequest} />
          {application.actions.includes("supplement") && <SupplementForm applicationId={application.id} onSent={refresh} />}
        </Card>
      )}
      {application.certificate && (
        <Card
          title="公证书"
          type="inner"
          extra={
            <SignedDownloadButton type="primary" endpoint={NOTARIZATION_ENDPOINTS.downloadCertificate} params={{ id: application.id }} file={certificateFile(application.applicationNo)}>
              下载公证书
            </SignedDownloadButton>
          }
        >
          <CertificateSummary certificate={application.certificate} />
        </Card>
      )}
      <Card
        title={`所涉证据（${application.evidence.length} 条）`}
        type="inner"
        extra={
          <Space size="middle">
            {kinds.map((kind) => (
              <Link key={kind} to={applicationHref(route, `evidenceSaveInfo/${kind}`, application.id)}>
                {route.section.pages.find((page) => page.path === `evidenceSaveInfo/${kind}`)?.title}
              </Link>
            ))}
          </Space>
        }
      >
        <CoveredEvidenceTable evidence={application.evidence} cells={cells} />
      </Card>
      <Card title="补充材料" type="inner">
        <MaterialsTable applicationId={application.id} materials={application.materials} endpoint={NOTARIZATION_ENDPOINTS.downloadMaterial} />
      </Card>
    </Space>
  );
}

/** 补充材料 in the list leads to `#supplement`: brought into view once the application has loaded. */
function useScrollToSupplement(isLoaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (isLoaded && hash === `#${SUPPLEMENT_ANCHOR}`) document.getElementById(SUPPLEMENT_ANCHOR)?.scrollIntoView({ block: "start" });
  }, [isLoaded, hash]);
}

const slots: PageSlots = { panel: ApplicationPanel };
export default slots;
