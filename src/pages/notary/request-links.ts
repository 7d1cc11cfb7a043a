import { pagePath, type SectionPlace } from "../../resources/derive";
import { withRecordId } from "../kinds/record-links";

/** The pages of one application in the console (spec §2 requestList: requestContent, infoAudit, certificate). */
export type RequestPage = "requestContent" | "infoAudit" | "certificate";

/** `<page>?id=<application>` below requestList, from any page of the console. */
export function requestHref(place: SectionPlace, page: RequestPage, id: number | string): string {
  const section = place.main.sections.find((candidate) => candidate.key === "requestList")!;
  return withRecordId(pagePath({ ...place, section }, { path: page }), id);
}
