/**
 * Chinese full-text search (issue 19), one interface over both databases: documents are segmented
 * into words by jieba (./segmenter.ts, with our own dictionary of evidence terms so that 存证, 公证,
 * 区块链, 时间戳 are words), and the segmented text is indexed by SQLite FTS5 (unicode61, bm25) or
 * PostgreSQL full-text search ('simple' over the same segmented text). Documents live in named
 * collections: the help centre's articles ("help") and the legal assistant's passages ("passages").
 * Writers call `put`/`remove` in the same transaction as the row the document mirrors, when they can
 * (an index made on a transaction writes in it). `createSearchIndex(db)` (./create-search-index.ts)
 * gives the index of the database in use: ./sqlite-search-index.ts or ./postgres-search-index.ts.
 */

export type SearchCollection = "help" | "passages";

export interface SearchDocument {
  /** The caller's key within the collection, e.g. "article:12" or "rule:evidence-provisions:14". */
  ref: string;
  title: string;
  /** Plain text (no HTML). */
  body: string;
}

export interface SearchQuery {
  collection: SearchCollection;
  /** What the user typed; segmented the same way as the documents. */
  text: string;
  offset: number;
  limit: number;
  /** Only refs starting with one of these (e.g. ["article:", "lawCase:"]); every ref when absent. */
  refPrefixes?: readonly string[];
  /**
   * "all" (the default): every word of the query must occur. "any": at least one must, ranked by
   * relevance (the legal assistant's fallback when no passage holds every word of a question).
   */
  match?: "all" | "any";
}

export interface SearchHit {
  ref: string;
  title: string;
  body: string;
  /** Higher is more relevant; comparable within one answer only. */
  score: number;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Every match, for paging. */
  total: number;
}

export interface SearchIndex {
  /** Adds or replaces the document `ref` of `collection`. */
  put(collection: SearchCollection, document: SearchDocument): Promise<void>;
  remove(collection: SearchCollection, ref: string): Promise<void>;
  /** Makes `documents` the whole of `collection` (indexing at start, reseeding), in one transaction. */
  replaceCollection(collection: SearchCollection, documents: readonly SearchDocument[]): Promise<void>;
  /**
   * Every word of the query must occur (AND; any word with `match: "any"`); ranked by relevance, best first. A query of only
   * punctuation or stop words answers an empty page.
   */
  search(query: SearchQuery): Promise<SearchPage>;
}
