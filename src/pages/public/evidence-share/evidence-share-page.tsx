import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { EVIDENCE_SHARE_LEAD, EVIDENCE_SHARE_SECTIONS } from "./evidence-share-content";

/** /evidenceShare: the page a shared piece of evidence opens (spec §2 placeholder page). */
export function EvidenceSharePage() {
  return (
    <PublicPageLayout title="证据分享" lead={EVIDENCE_SHARE_LEAD}>
      <ContentSections sections={EVIDENCE_SHARE_SECTIONS} />
    </PublicPageLayout>
  );
}
