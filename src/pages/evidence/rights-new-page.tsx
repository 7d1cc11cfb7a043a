import { Radio, Space } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { CAPTURE_ENDPOINTS, RightsWebCaptureFormSchema, type CaptureRecord } from "../../schema/capture";
import { useCaptureAllowance } from "../capture/capture-allowance-panel";
import { CaptureProgress, type CaptureLinks } from "../capture/capture-progress";
import { withRecordId } from "../kinds/record-links";
import { SectionPageFrame } from "../kinds/section-page-frame";
import type { EvidenceFormConfig } from "./evidence-form-config";
import { EvidenceForm } from "./evidence-form";
import { evidenceKindOf } from "./evidence-section";

/**
 * /rights/<kind>/new: the rights confirmation form; once stored, on to the section's list. A web
 * page's content either comes from the holder (the saved page, or its digests) or is captured by
 * the platform's own browser, followed live until it is sealed as this section's record.
 */
export default function RightsNewPage({ route }: SectionPageProps) {
  const kind = evidenceKindOf(route);
  const [mode, setMode] = useState<"upload" | "capture">("upload");
  return (
    <SectionPageFrame route={route}>
      {kind === "rightsWeb" && (
        <Radio.Group
          aria-label="网页内容来源"
          style={{ marginBottom: 24 }}
          optionType="button"
          value={mode}
          onChange={(event) => setMode(event.target.value)}
          options={[
            { value: "upload", label: "上传保存的网页" },
            { value: "capture", label: "由平台抓取网页" },
          ]}
        />
      )}
      {mode === "capture" ? <PlatformCapture route={route} /> : <HolderContent route={route} />}
    </SectionPageFrame>
  );
}

function HolderContent({ route }: SectionPageProps) {
  const navigate = useNavigate();
  const list = siblingPath(route, "dataList");
  return <EvidenceForm kind={evidenceKindOf(route)} resource={route.resource} onStored={() => list && navigate(list)} />;
}

const CAPTURE_FORM: EvidenceFormConfig = { schema: RightsWebCaptureFormSchema, inputFields: Object.keys(RightsWebCaptureFormSchema.shape), content: "none" };

/** The work's facts and its URL; the platform captures the page as it does a snapshot, charged the same way. */
function PlatformCapture({ route }: SectionPageProps) {
  const allowance = useCaptureAllowance();
  const appLinks = useAppLinks();
  const [capture, setCapture] = useState<CaptureRecord | null>(null);
  const certificate = siblingPath(route, "dataList/Certificate");
  const links: CaptureLinks = {
    // Sealed, the capture is this section's rights record: its certificate is that record's.
    ...(certificate ? { certificate: (record: CaptureRecord) => (record.evidenceId === null ? undefined : withRecordId(certificate, record.evidenceId)) } : {}),
    review: (record) => withRecordId(appLinks.captureReview, record.id),
  };
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      {allowance.notice}
      {capture ? (
        <CaptureProgress captures={[capture]} links={links} />
      ) : (
        allowance.canCapture && (
          <EvidenceForm
            kind="rightsWeb"
            resource={route.resource}
            variant={{ config: CAPTURE_FORM, create: CAPTURE_ENDPOINTS.createRightsWeb, fixedValues: {}, submittedMessage: "已提交，平台正在抓取网页", submitLabel: "开始抓取" }}
            onStored={(records) => {
              allowance.reload();
              setCapture(records[0] as unknown as CaptureRecord);
            }}
          />
        )
      )}
    </Space>
  );
}
