/** A legal text as data, rendered by legal-document-page.tsx; one file per document beside this one. */

export interface LegalTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface LegalSection {
  /** Numbered in the text itself ("一、…"), as Chinese legal documents are. */
  heading: string;
  paragraphs?: readonly string[];
  /** Rendered as a list after the paragraphs. */
  items?: readonly string[];
  table?: LegalTable;
  /** Paragraphs after the list or table. */
  closing?: readonly string[];
}

/** A legal text without its title: the five texts under /user take theirs from legal-documents.ts. */
export interface LegalText {
  /** YYYY年MM月DD日 */
  updatedOn: string;
  effectiveOn: string;
  preamble: readonly string[];
  sections: readonly LegalSection[];
}

export interface LegalDocument extends LegalText {
  title: string;
}
