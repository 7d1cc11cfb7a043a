import type { z } from "zod";
import type {
  ChartSource,
  CustomPageDefinition,
  GenericPageDefinition,
  GenericPageKind,
  PageComponentLoader,
  PageDefinition,
  PageSlotsLoader,
  SectionData,
  SectionDefinition,
} from "./types";

/** Small builders so that a section's file reads like the spec's list of its pages. */

interface PageOptions {
  /** Show the page in the side navigation; `true` uses its title. */
  nav?: boolean | string;
  navGroup?: string;
  guidanceKey?: string;
  /** A dataChart page's data source, or its several charts. */
  chart?: ChartSource | readonly ChartSource[];
  /** A custom page: the generic kind it stands in for (see CustomPageDefinition). */
  standsFor?: GenericPageKind;
  /** A page's own data, laid over its section's (see GenericPageDefinition). */
  data?: SectionData;
  /** A generic page's slots (see PageSlots). */
  slots?: PageSlotsLoader;
}

function navFields(title: string, options: PageOptions) {
  const navLabel = options.nav === true ? title : options.nav || undefined;
  return { ...(navLabel ? { navLabel } : {}), ...(options.navGroup ? { navGroup: options.navGroup } : {}) };
}

export function genericPage(path: string, kind: GenericPageKind, title: string, options: PageOptions = {}): GenericPageDefinition {
  return {
    path,
    kind,
    title,
    ...navFields(title, options),
    ...(options.guidanceKey ? { guidanceKey: options.guidanceKey } : {}),
    ...(options.chart ? { chart: options.chart } : {}),
    ...(options.data ? { data: options.data } : {}),
    ...(options.slots ? { slots: options.slots } : {}),
  };
}

export function customPage(path: string, title: string, load: PageComponentLoader, options: PageOptions = {}): CustomPageDefinition {
  return {
    path,
    kind: "custom",
    title,
    load,
    ...navFields(title, options),
    ...(options.standsFor ? { standsFor: options.standsFor } : {}),
    ...(options.data ? { data: options.data } : {}),
  };
}

/**
 * A section's data with its columns checked against its record schema; the result is stored
 * untyped in the registry, which only needs the names.
 */
export function defineSectionData<R extends z.ZodObject, F extends z.ZodObject>(data: SectionData<R, F>): SectionData {
  return data as unknown as SectionData;
}

/** What a page shows: its section's data, with the page's own laid over it. */
export function pageData(section: SectionDefinition, page: PageDefinition): SectionData {
  return page.data ? { ...section, ...page.data } : section;
}
