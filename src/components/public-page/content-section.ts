import type { AppLinkName } from "../../resources/app-links";

/**
 * A section of a public page's text, as data: the pages keep their wording in `*-content.ts`
 * files beside them and render it with <ContentSections>.
 */
export interface ContentTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/**
 * A link of a public page: an app path (navigates inside the app), a server page such as /opendocs
 * (`isServerPage`), or a registry page by its name in src/resources/app-links.ts (`appLink`).
 */
export type ContentLink = { label: string } & ({ to: string; isServerPage?: boolean } | { appLink: AppLinkName });

export interface ContentSection {
  heading: string;
  /** In-page anchor, e.g. "discount" for #discount. */
  anchor?: string;
  paragraphs?: readonly string[];
  /** A bulleted list after the paragraphs. */
  items?: readonly string[];
  /** A numbered list (a procedure) after the paragraphs. */
  steps?: readonly string[];
  table?: ContentTable;
  /** Paragraphs after the list or table. */
  closing?: readonly string[];
  links?: readonly ContentLink[];
}
