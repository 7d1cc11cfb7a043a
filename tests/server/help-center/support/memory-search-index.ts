import type { SearchCollection, SearchDocument, SearchIndex, SearchPage, SearchQuery } from "../../../../server/search/search-index.js";

/**
 * A small in-memory SearchIndex for the help centre's tests until server/search (helper A) is
 * merged: every space-separated query word must occur in the title or body (substring), ranked by
 * occurrences with a title hit worth five. The lead replaces it with createSearchIndex(db).
 */
export function memorySearchIndex(): SearchIndex {
  const collections = new Map<SearchCollection, Map<string, SearchDocument>>();
  const of = (collection: SearchCollection) => collections.get(collection) ?? collections.set(collection, new Map()).get(collection)!;
  const occurrences = (text: string, word: string) => text.split(word).length - 1;
  return {
    async put(collection, document) {
      of(collection).set(document.ref, document);
    },
    async remove(collection, ref) {
      of(collection).delete(ref);
    },
    async count(collection) {
      return of(collection).size;
    },
    async search({ collection, text, offset, limit, refPrefixes }: SearchQuery): Promise<SearchPage> {
      const words = text.split(/\s+/).filter((word) => word !== "");
      const hits = [...of(collection).values()]
        .filter((document) => !refPrefixes || refPrefixes.some((prefix) => document.ref.startsWith(prefix)))
        .map((document) => ({ ...document, score: words.reduce((sum, word) => sum + 5 * occurrences(document.title, word) + occurrences(document.body, word), 0) }))
        .filter((hit) => words.length > 0 && words.every((word) => hit.title.includes(word) || hit.body.includes(word)))
        .sort((a, b) => b.score - a.score);
      return { hits: hits.slice(offset, offset + limit), total: hits.length };
    },
  };
}
