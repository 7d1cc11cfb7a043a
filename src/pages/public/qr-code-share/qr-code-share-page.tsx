import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { QR_CODE_SHARE_LEAD, QR_CODE_SHARE_SECTIONS } from "./qr-code-share-content";

/** /QRCodeShare: where the platform's QR codes lead on a phone (spec §2 placeholder page). */
export function QrCodeSharePage() {
  return (
    <PublicPageLayout title="扫码查看" lead={QR_CODE_SHARE_LEAD}>
      <ContentSections sections={QR_CODE_SHARE_SECTIONS} />
    </PublicPageLayout>
  );
}
