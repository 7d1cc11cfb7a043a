import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { HELP_CENTER_LEAD, HELP_CENTER_SECTIONS } from "./help-center-content";

/** /helpcenter (spec §2): the help centre's landing, honest about the articles not yet published. */
export function HelpCenterPage() {
  return (
    <PublicPageLayout title="帮助中心" lead={HELP_CENTER_LEAD}>
      <ContentSections sections={HELP_CENTER_SECTIONS} />
    </PublicPageLayout>
  );
}
