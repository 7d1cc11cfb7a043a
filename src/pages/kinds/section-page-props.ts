import type { SectionRoute } from "../../resources/derive";

/** What every generic page kind receives: the route it renders, with its main section, section and page. */
export interface SectionPageProps {
  route: SectionRoute;
}
