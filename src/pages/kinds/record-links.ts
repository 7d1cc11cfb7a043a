import { pagePath, type SectionPlace, type SectionRoute } from "../../resources/derive";
import { pageData } from "../../resources/define";
import type { PageDefinition } from "../../resources/types";

/** The record a detail or certificate page shows is named in the query (`?id=`), as the spec's lists link to it. */
export const RECORD_ID_PARAM = "id";

/** The pages directly below the current one (dataList → dataList/Certificate, dataList/childDataList). */
function pagesBelow(route: SectionRoute): PageDefinition[] {
  const prefix = route.page.path === "" ? "" : `${route.page.path}/`;
  return route.section.pages.filter((page) => page.path.startsWith(prefix) && !page.path.slice(prefix.length).includes("/") && page !== route.page);
}

/**
 * The certificate or detail page directly below a list page (dataList → dataList/Certificate), if
 * the section has one; a custom screen that stands for the detail kind counts as one.
 */
export function recordPageBelow(route: SectionRoute): PageDefinition | undefined {
  const below = pagesBelow(route);
  const isDetail = (page: PageDefinition) => page.kind === "detail" || (page.kind === "custom" && page.standsFor === "detail");
  return below.find((page) => page.kind === "certificate") ?? below.find(isDetail);
}

/** A page directly below the current one by its own last segment ("NoticeCertificate" below "dataList"), if the section has it. */
export function pageBelow(route: SectionRoute, segment: string): PageDefinition | undefined {
  return pagesBelow(route).find((page) => page.path.split("/").at(-1) === segment);
}

export function recordHref(route: SectionPlace, page: PageDefinition, id: string | number): string {
  return withRecordId(pagePath(route, page), id);
}

/** A record page's address for one record: `<path>?id=<id>`. */
export function withRecordId(path: string, id: string | number): string {
  return `${path}?${new URLSearchParams({ [RECORD_ID_PARAM]: String(id) })}`;
}

/**
 * The list a record page belongs to: the page its path extends (dataList/Certificate → dataList);
 * in a section with several lists side by side (invoiceAdmin), the list whose records the page
 * shows (the same detail call); else the section's first list.
 */
export function listPageAbove(route: SectionRoute): PageDefinition | undefined {
  const parent = route.page.path.includes("/") ? route.page.path.slice(0, route.page.path.lastIndexOf("/")) : "";
  const lists = route.section.pages.filter((page) => page.kind === "dataList");
  const one = pageData(route.section, route.page).endpoints?.one;
  const sameRecords = one && lists.find((page) => pageData(route.section, page).endpoints?.one === one);
  return lists.find((page) => page.path === parent) ?? sameRecords ?? lists[0];
}
