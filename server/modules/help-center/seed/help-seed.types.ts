import type { HelpMenuKind } from "../../../../src/schema/help-center.js";

/**
 * The shape of the help centre's development content (seeded once, then edited in the console).
 * Every text is our own, written for this platform; law cases are illustrative, not real cases
 * (their court names and case numbers say so: 示例).
 */

export interface SeedArticle {
  title: string;
  /** Comma-separated tags. */
  typeName: string;
  /** Plain text, one or two sentences: list and search snippets. */
  brief: string;
  /** HTML: the FAQ card's text (HLQUESTION); "" elsewhere is fine. */
  summary: string;
  /** HTML: <h2>/<h3>/<p>/<ul>/<ol>/<li>/<strong>/<table> only (it is sanitised like editors' HTML). */
  content: string;
  /** YYYY-MM-DD */
  publishedOn: string;
}

export interface SeedLawCase extends SeedArticle {
  courtName: string;
  caseNo: string;
  /** YYYY-MM-DD; shown as the case's time. */
  judgedOn: string;
  /** A typecode of EVIDENCE_CHANNELS (src/schema/help-center.ts). */
  evidenceChannelId: string;
  /** A typecode of CASE_TYPES. */
  caseType: string;
  /** A province id of src/schema/regions.ts, e.g. "110000". */
  area: string;
}

/** A menu node: a group (children) or a leaf (code, and articles where the kind lists them). */
export type SeedMenu =
  | { name: string; children: SeedMenu[] }
  | { name: string; code: Exclude<HelpMenuKind, "HLLAWCASE">; articles?: SeedArticle[] }
  | { name: string; code: "HLLAWCASE"; articles: SeedLawCase[] };
