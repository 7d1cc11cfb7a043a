import type { PageDefinition, SectionDefinition } from "./types";

/**
 * Whether a registry section can work: it is open when every page it has besides its guidance can.
 * A generic page needs the calls and schema its kind draws from (without them it says
 * "此功能将在后续版本开放"), a custom page is a screen written against real calls. Pure functions of
 * a section, so the page kinds use them without importing the registry; what the whole
 * installation offers is in offered-services.ts.
 */

/** Whether a page of a section shows its service rather than the "not open yet" notice. */
export function isPageOpen(section: SectionDefinition, page: PageDefinition): boolean {
  switch (page.kind) {
    case "custom":
    case "guidance":
      return true;
    case "new":
      return Boolean(section.endpoints?.create && section.form);
    case "dataList":
      return Boolean(section.endpoints?.list && section.record);
    case "certificate":
    case "detail":
      return Boolean(section.endpoints?.one && section.record);
    case "dataChart":
      return Boolean(page.chart);
  }
}

export function isSectionOpen(section: SectionDefinition): boolean {
  const working = section.pages.filter((page) => page.kind !== "guidance");
  return working.length > 0 && working.every((page) => isPageOpen(section, page));
}
