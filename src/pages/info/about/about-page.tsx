import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { ABOUT_LEAD, ABOUT_SECTIONS, ABOUT_TITLE } from "./about-content";

/** /info/about. */
export function AboutPage() {
  return (
    <PublicPageLayout title={ABOUT_TITLE} lead={ABOUT_LEAD}>
      <ContentSections sections={ABOUT_SECTIONS} />
    </PublicPageLayout>
  );
}
