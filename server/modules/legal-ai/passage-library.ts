import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { HelpArticleLinkSchema, SourceKind } from "../../../src/schema/legal-ai.js";
import type { SearchIndex } from "../../search/search-index.js";
import type { ArticleSource, SourceArticle } from "./article-source.js";
import { splitPassages } from "./passage-split.js";
import { ruleLabel, type LegalRule } from "./sources/legal-rule.js";

export const PASSAGE_COLLECTION = "passages";

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** One source the assistant cites: a rule, a help article or a law case, and the passages cut from it. */
export interface LegalSourceText {
  kind: SourceKind;
  sourceId: string;
  /** 《法律名称》第X条 for a rule, the title otherwise. */
  label: string;
  article: z.infer<typeof HelpArticleLinkSchema> | null;
  /** The plain text every passage is a slice of. */
  text: string;
  passages: Passage[];
}

export interface Passage {
  /** `<kind>:<sourceId>#<n>`: the passage's document in the search index. */
  ref: string;
  source: LegalSourceText;
  text: string;
}

const sourceKey = (kind: SourceKind, sourceId: string) => `${kind}:${sourceId}`;
/**
 * A passage is found by its own words: the source's label (an article's title, 《法律名称》第X条) is
 * indexed as part of the text, not as a title, which the index weights five times. Otherwise every
 * passage of an article whose title holds a word of the question outranks the passages that answer
 * it (PostgreSQL's ranking, which has no inverse document frequency, showed it most).
 */
const documentOf = (passage: Passage) => ({ ref: passage.ref, title: "", body: `${passage.source.label}\n${passage.text}` });

function ruleSource(rule: LegalRule): Omit<LegalSourceText, "passages"> {
  // A rule is one passage: our summary is short, and a citation names the whole article.
  return { kind: "rule", sourceId: rule.id, label: ruleLabel(rule), article: null, text: rule.summary.trim() };
}

function articleSource(article: SourceArticle): Omit<LegalSourceText, "passages"> {
  return {
    kind: article.code === "HLLAWCASE" ? "lawCase" : "article",
    sourceId: String(article.articleId),
    label: article.title,
    article: { code: article.code, menuId: article.menuId, articleId: article.articleId },
    text: article.text.trim(),
  };
}

/**
 * The assistant's sources in memory and their passages in the search index (collection
 * "passages"): the rules once at start, the help centre's published articles at start and after
 * each change it reports. A source whose label and text are unchanged is left as indexed; one that
 * changed or disappeared has its passages replaced or removed. A hit whose ref is not a passage
 * known here (a change indexed while the hit was read) is ignored by `passage`.
 */
export class PassageLibrary {
  private readonly sources = new Map<string, LegalSourceText>();
  private readonly passages = new Map<string, Passage>();
  private refreshing: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: { search: SearchIndex; rules: readonly LegalRule[]; articles: ArticleSource; log: FastifyBaseLogger },
  ) {}

  /** Indexes every source at once: passages an earlier run left in the index (of articles since withdrawn or shortened) go. */
  async start(): Promise<void> {
    for (const rule of this.deps.rules) this.load(ruleSource(rule));
    for (const article of await this.deps.articles.publishedArticles()) this.load(articleSource(article));
    await this.deps.search.replaceCollection(PASSAGE_COLLECTION, [...this.passages.values()].map(documentOf));
    this.unsubscribe = this.deps.articles.onChange(() => void this.refresh());
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** Re-reads the published articles; changes are applied one refresh at a time, in order. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing
      .then(() => this.syncArticles())
      .catch((error: unknown) => this.deps.log.error({ err: error }, "legal assistant: indexing help articles failed"));
    return this.refreshing;
  }

  source(kind: SourceKind, sourceId: string): LegalSourceText | undefined {
    return this.sources.get(sourceKey(kind, sourceId));
  }

  passage(ref: string): Passage | undefined {
    return this.passages.get(ref);
  }

  private async syncArticles(): Promise<void> {
    const current = (await this.deps.articles.publishedArticles()).map(articleSource);
    const live = new Set(current.map((source) => sourceKey(source.kind, source.sourceId)));
    for (const [key, source] of this.sources) if (source.kind !== "rule" && !live.has(key)) await this.drop(source);
    for (const source of current) await this.put(source);
  }

  private async put(next: Omit<LegalSourceText, "passages">): Promise<void> {
    const key = sourceKey(next.kind, next.sourceId);
    const earlier = this.sources.get(key);
    if (earlier && earlier.text === next.text && earlier.label === next.label && JSON.stringify(earlier.article) === JSON.stringify(next.article)) return;
    if (earlier) await this.drop(earlier);
    for (const passage of this.load(next).passages) await this.deps.search.put(PASSAGE_COLLECTION, documentOf(passage));
  }

  /** Cuts a source into passages and keeps both in memory (the caller indexes them). */
  private load(next: Omit<LegalSourceText, "passages">): LegalSourceText {
    const key = sourceKey(next.kind, next.sourceId);
    const source: LegalSourceText = { ...next, passages: [] };
    source.passages = (next.text ? splitPassages(next.text) : []).map((text, n) => ({ ref: `${key}#${n + 1}`, source, text }));
    for (const passage of source.passages) this.passages.set(passage.ref, passage);
    this.sources.set(key, source);
    return source;
  }

  private async drop(source: LegalSourceText): Promise<void> {
    for (const passage of source.passages) {
      this.passages.delete(passage.ref);
      await this.deps.search.remove(PASSAGE_COLLECTION, passage.ref);
    }
    this.sources.delete(sourceKey(source.kind, source.sourceId));
  }
}
