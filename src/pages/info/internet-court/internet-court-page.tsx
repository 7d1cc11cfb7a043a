import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { INTERNET_COURT_LEAD, INTERNET_COURT_SECTIONS, INTERNET_COURT_TITLE } from "./internet-court-content";

/** /info/InternetCourt: using the platform's evidence in online litigation. */
export function InternetCourtPage() {
  return (
    <PublicPageLayout title={INTERNET_COURT_TITLE} lead={INTERNET_COURT_LEAD}>
      <ContentSections sections={INTERNET_COURT_SECTIONS} />
    </PublicPageLayout>
  );
}
