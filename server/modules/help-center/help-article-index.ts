import { isHelpArticleKind, type HelpArticleKind } from "../../../src/schema/help-center.js";
import { textOfHtmlFragment } from "../../monitoring/crawl/page-facts.js";
import type { SearchIndex } from "../../search/search-index.js";
import type { HelpArticleRow } from "./help-article-content.js";
import type { HelpCenterRepository } from "./help-center.repository.js";
import type { HelpMenuTree, VisibleLeaf } from "./help-menu-tree.js";

export const HELP_COLLECTION = "help";
export const articleRef = (id: number) => `article:${id}`;
/** The article id of a ref of ours, or null for any other ref. */
export function articleIdOf(ref: string): number | null {
  const match = /^article:(\d+)$/.exec(ref);
  return match ? Number(match[1]) : null;
}

/** A public help article with its plain text, for the legal assistant's passages (and our index). */
export interface PublishedHelpArticle {
  articleId: number;
  menuId: number;
  code: HelpArticleKind;
  title: string;
  /** Brief and body as plain text, one line per paragraph. */
  text: string;
  /** Menu names from the root's child down to the article's menu. */
  menuPath: string[];
}

export type HelpArticlesListener = (articleIds: readonly number[]) => void | Promise<void>;

/**
 * Keeps the search collection "help" equal to the public help articles: an article is in it while
 * it is published under a visible article leaf (HelpMenuTree.leaf). The console calls it after each
 * committed change (the index is written outside the change's transaction: `reconcile` at start
 * heals a crash between the two). Listeners (the legal assistant) hear which
 * articles may have changed.
 */
export class HelpArticleIndex {
  private readonly listeners = new Set<HelpArticlesListener>();

  constructor(
    private readonly repository: HelpCenterRepository,
    private readonly search: SearchIndex,
  ) {}

  onChanged(listener: HelpArticlesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publishedArticles(): Promise<PublishedHelpArticle[]> {
    const leaves = articleLeaves(await this.repository.menuTree());
    const rows = await this.repository.allOf([...leaves.keys()]);
    return rows.map((row) => publishedArticleOf(row, leaves.get(row.menu_id)!));
  }

  async articleChanged(id: number): Promise<void> {
    await this.sync([id]);
  }

  /** A menu's change may show or hide every article below it. */
  async menuChanged(menuId: number): Promise<void> {
    const tree = await this.repository.menuTree();
    await this.sync(await this.repository.ofMenus(tree.subtree(menuId)));
  }

  /**
   * At start: the collection becomes exactly the public articles (one transaction), so a crash
   * between a console change's commit and its index write heals at the next start.
   */
  async reconcile(): Promise<void> {
    const published = await this.publishedArticles();
    await this.search.replaceCollection(HELP_COLLECTION, published.map(documentOf));
  }

  private async sync(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const leaves = articleLeaves(await this.repository.menuTree());
    for (const id of ids) {
      const row = await this.repository.findArticle(id);
      const leaf = row && row.state === "published" ? leaves.get(row.menu_id) : undefined;
      if (row && leaf) await this.search.put(HELP_COLLECTION, documentOf(publishedArticleOf(row, leaf)));
      else await this.search.remove(HELP_COLLECTION, articleRef(id));
    }
    for (const listener of this.listeners) await listener(ids);
  }
}

/** The visible leaves that list articles, by id. */
type ArticleLeaf = VisibleLeaf & { code: HelpArticleKind };
const isArticleLeaf = (leaf: VisibleLeaf): leaf is ArticleLeaf => isHelpArticleKind(leaf.code);

export function articleLeaves(tree: HelpMenuTree): Map<number, ArticleLeaf> {
  return new Map(tree.leaves().filter(isArticleLeaf).map((leaf) => [leaf.id, leaf]));
}

function publishedArticleOf(row: HelpArticleRow, leaf: ArticleLeaf): PublishedHelpArticle {
  return { articleId: row.id, menuId: leaf.id, code: leaf.code, title: row.title, text: `${row.brief}\n${textOfHtmlFragment(row.content)}`, menuPath: leaf.path };
}

function documentOf(article: PublishedHelpArticle) {
  return { ref: articleRef(article.articleId), title: article.title, body: article.text };
}
