import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { NOTARY_ENTRANCE_LEAD, NOTARY_ENTRANCE_SECTIONS, NOTARY_ENTRANCE_TITLE } from "./notary-entrance-content";

/** /notary/index: how online notarisation works, for users and for notary office staff. */
export function NotaryEntrancePage() {
  return (
    <PublicPageLayout title={NOTARY_ENTRANCE_TITLE} lead={NOTARY_ENTRANCE_LEAD}>
      <ContentSections sections={NOTARY_ENTRANCE_SECTIONS} />
    </PublicPageLayout>
  );
}
