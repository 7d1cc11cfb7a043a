/**
 * A section of a public page's text, as data: the pages keep their wording in `*-content.ts`
 * files beside them and render it with <ContentSections>.
 */
export interface ContentTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ContentLink {
  label: string;
  /** An app path (navigates inside the app) or a server page such as /opendocs (`isServerPage`). */
  to: string;
  isServerPage?: boolean;
}

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
