import { siblingPath, type SectionPlace } from "../../resources/derive";
import type { NOTARIZED_SAVE_KINDS } from "../../schema/notarization";
import { withRecordId } from "../kinds/record-links";

/** The pages of one application, as the section's pages name them (spec §2): dataDetail, progress, evidenceSaveInfo/{kind}. */
export type ApplicationPage = "dataDetail" | "progress" | `evidenceSaveInfo/${(typeof NOTARIZED_SAVE_KINDS)[number]}`;

/** `<page>?id=<application>` in the notarisation section; the section has every one of these pages. */
export function applicationHref(place: SectionPlace, page: ApplicationPage, id: number | string): string {
  return withRecordId(siblingPath(place, page)!, id);
}

/** The list's query that opens the application form: a new application, or a draft by its id. */
export const APPLY_PARAM = "apply";
export const NEW_APPLICATION = "new";

/** Anchor of the supplement form on dataDetail, where 补充材料 leads. */
export const SUPPLEMENT_ANCHOR = "supplement";
