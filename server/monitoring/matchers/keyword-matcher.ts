import type { MatchVerdict } from "../monitoring.types.js";
import { normalizeText } from "./text-matcher.js";

/** Characters shown either side of a keyword in a snippet. */
const SNIPPET_SIDE_CHARS = 40;
/** Snippets kept on a hit (one per keyword found, in the keywords' order). */
const SNIPPETS_KEPT = 5;

/** Case- and width-insensitive form (NFKC turns full-width Latin and digits into ASCII). */
function foldText(text: string): string {
  return normalizeText(text).toLowerCase();
}

function cleanTerms(terms: string[]): string[] {
  return [...new Set(terms.map(foldText).filter((term) => term.length > 0))];
}

/**
 * Public-opinion and e-commerce monitoring: which of the task's keywords a page's text (or a
 * listing) contains. Any exclusion word on the page vetoes it (a task about a brand excludes, say,
 * its own shop's name). Answers null when no keyword is found. The score is the share of keywords found.
 */
export function matchKeywords(text: string, keywords: string[], exclude: string[]): MatchVerdict | null {
  const wanted = cleanTerms(keywords);
  if (wanted.length === 0) return null;
  // Snippets keep the page's own case: lower-casing keeps offsets for all but a few letters (İ);
  // when it does not, the snippets are cut from the folded text instead.
  const normalized = normalizeText(text);
  const folded = normalized.toLowerCase();
  return matchFolded(folded.length === normalized.length ? normalized : folded, folded, wanted, cleanTerms(exclude));
}

function matchFolded(shown: string, folded: string, wanted: string[], vetoes: string[]): MatchVerdict | null {
  if (vetoes.some((veto) => folded.includes(veto))) return null;
  const found: string[] = [];
  const snippets: string[] = [];
  for (const keyword of wanted) {
    const at = folded.indexOf(keyword);
    if (at < 0) continue;
    found.push(keyword);
    if (snippets.length < SNIPPETS_KEPT) {
      const from = Math.max(0, at - SNIPPET_SIDE_CHARS);
      const to = Math.min(shown.length, at + keyword.length + SNIPPET_SIDE_CHARS);
      snippets.push(`${from > 0 ? "…" : ""}${shown.slice(from, to)}${to < shown.length ? "…" : ""}`);
    }
  }
  if (found.length === 0) return null;
  return { score: Math.round((100 * found.length) / wanted.length), match: { kind: "keyword", keywords: found, snippets } };
}
