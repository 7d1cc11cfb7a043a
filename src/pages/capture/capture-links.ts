import type { SectionRoute } from "../../resources/derive";
import { recordHref } from "../kinds/record-links";
import type { CaptureLinks } from "./capture-progress";

/** A capture's certificate and review pages in the route's own section (dataList/Certificate, dataList/review). */
export function sectionCaptureLinks(route: SectionRoute): CaptureLinks {
  const page = (path: string) => route.section.pages.find((candidate) => candidate.path === path);
  const certificate = page("dataList/Certificate");
  const review = page("dataList/review");
  return {
    ...(certificate ? { certificate: (record) => recordHref(route, certificate, record.id) } : {}),
    ...(review ? { review: (record) => recordHref(route, review, record.id) } : {}),
  };
}
