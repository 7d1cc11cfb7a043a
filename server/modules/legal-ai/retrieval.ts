import type { SearchIndex } from "../../search/search-index.js";
import { PASSAGE_COLLECTION, type Passage, type PassageLibrary } from "./passage-library.js";

export interface ScoredPassage {
  passage: Passage;
  score: number;
}

/**
 * Words a question is phrased with rather than about: dropped before the fallback search, so that
 * "什么是存证？" does not match every passage holding 是 or 什么.
 */
const QUESTION_WORDS = /什么是|什么|怎么样|怎么|怎样|如何|为什么|为何|哪些|哪个|是否|能否|可以|可否|有没有|是不是|请问|我们|我的|你们|吗|呢|吧|啊|的|了|[\s\p{P}\p{S}]+/gu;

/** The question without its question words: what the fallback ORs together. */
export function significantWords(question: string): string {
  return question.replace(QUESTION_WORDS, " ").replace(/\s+/g, " ").trim();
}

/**
 * The passages that best answer `question`, best first. The index is asked for passages holding
 * every word of the question; when none does (a long question rarely matches whole), there is one
 * fallback: its significant words OR-ed, ranked by relevance.
 */
export async function retrievePassages(search: SearchIndex, library: PassageLibrary, question: string, limit: number): Promise<ScoredPassage[]> {
  // Extra hits make up for refs withdrawn while the search ran (library.passage ignores them).
  const query = { collection: PASSAGE_COLLECTION, offset: 0, limit: limit * 2 } as const;
  let page = await search.search({ ...query, text: question });
  const fallback = significantWords(question);
  if (page.total === 0 && fallback) page = await search.search({ ...query, text: fallback, match: "any" });
  const found: ScoredPassage[] = [];
  for (const hit of page.hits) {
    const passage = library.passage(hit.ref);
    if (passage) found.push({ passage, score: hit.score });
    if (found.length === limit) break;
  }
  return found;
}
