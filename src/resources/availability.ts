import { pageData } from "./define";
import { sectionLabel, sectionResource } from "./derive";
import { REGISTRY } from "./registry";
import type { MainSectionDefinition, PageDefinition, Registry, SectionDefinition } from "./types";

/**
 * Whether a registry section can work: it is open when every page it has besides its guidance can.
 * A generic page needs the calls and schema its kind draws from (without them it says
 * "此功能将在后续版本开放"), a custom page is a screen written against real calls. Pure functions of
 * a section, so the page kinds use them without importing the registry; what the whole
 * installation offers is in offered-services.ts.
 */

/** Whether a page of a section shows its service rather than the "not open yet" notice. */
export function isPageOpen(section: SectionDefinition, page: PageDefinition): boolean {
  const data = pageData(section, page);
  switch (page.kind) {
    case "custom":
    case "guidance":
      return true;
    case "new":
      return Boolean(data.endpoints?.create && data.form);
    case "dataList":
      return Boolean(data.endpoints?.list && data.record);
    case "certificate":
    case "detail":
      return Boolean(data.endpoints?.one && data.record);
    case "dataChart":
      return Boolean(page.chart);
  }
}

export function isSectionOpen(section: SectionDefinition): boolean {
  const working = section.pages.filter((page) => page.kind !== "guidance");
  return working.length > 0 && working.every((page) => isPageOpen(section, page));
}
