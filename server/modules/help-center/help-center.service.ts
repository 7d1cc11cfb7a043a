import { z } from "zod";
import type { HelpArticleForm } from "../../../src/schema/console/help-content.js";
import { ARTICLE_NOT_FOUND_MESSAGE } from "../../../src/schema/news.js";
import {
  DICTIONARIES,
  HELP_MENU_NOT_FOUND_MESSAGE,
  HelpCenterCode,
  isHelpArticleKind,
  USE_SCENE,
  type DictEntry,
  type DictGroup,
  type FindHelpCenterArticlesQuerySchema,
  type HelpArticle,
  type HelpArticleDetail,
  type HelpArticleSummary,
  type HelpMenuNode,
  type HelpSearchResult,
} from "../../../src/schema/help-center.js";
import { pageOf, type PageP, type PageQuery } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import type { SearchIndex } from "../../search/search-index.js";
import { helpArticleOf, helpArticleSummaryOf, HELP_ARTICLE_KIND, type ArticleMenu } from "./help-article-content.js";
import { articleIdOf, articleLeaves, HELP_COLLECTION } from "./help-article-index.js";
import type { HelpCenterRepository } from "./help-center.repository.js";
import type { HelpArticleEditor } from "./help-content-editors.js";

type FindArticlesQuery = z.output<typeof FindHelpCenterArticlesQuerySchema>;

/**
 * A keyword search within one menu asks the index for this many best hits of the whole help
 * collection, then keeps those of the menu: enough for any one menu's list, and bounded.
 */
const MENU_SEARCH_HITS = 1_000;

/** The public help centre: published menus and articles only, read fresh at each call. */
export class HelpCenterService {
  constructor(
    private readonly repository: HelpCenterRepository,
    private readonly search: SearchIndex,
    private readonly articles: HelpArticleEditor,
  ) {}

  async menu(): Promise<HelpMenuNode[]> {
    return [(await this.repository.menuTree()).root()];
  }

  async findArticles(query: FindArticlesQuery): Promise<PageP<HelpArticleSummary>> {
    const { menuId, useScene, pageNumber, pageSize, keyName, ...lawCaseFilter } = query;
    const menu = await this.articleMenu(menuId);
    const filter = useScene === USE_SCENE.lawCase ? lawCaseFilter : {};
    const offset = (pageNumber - 1) * pageSize;
    if (!keyName) {
      const { rows, total } = await this.repository.page(menu.id, filter, offset, pageSize);
      return pageOf(rows.map((row) => helpArticleSummaryOf(row, menu)), total, pageNumber, pageSize);
    }
    const { hits } = await this.search.search({ collection: HELP_COLLECTION, text: keyName, offset: 0, limit: MENU_SEARCH_HITS });
    const rank = new Map(hits.flatMap((hit, index) => (articleIdOf(hit.ref) === null ? [] : [[articleIdOf(hit.ref)!, index] as const])));
    const rows = (await this.repository.among([...rank.keys()], [menu.id], filter)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    return pageOf(rows.slice(offset, offset + pageSize).map((row) => helpArticleSummaryOf(row, menu)), rows.length, pageNumber, pageSize);
  }

  async articleInfo(articleId: number): Promise<HelpArticleDetail> {
    const row = await this.repository.findArticle(articleId);
    const menu = row?.state === "published" ? articleLeaves(await this.repository.menuTree()).get(row.menu_id) : undefined;
    if (!row || !menu) throw new BusinessError(HelpCenterCode.articleNotFound, ARTICLE_NOT_FOUND_MESSAGE, { errors: { cmsArticleId: ARTICLE_NOT_FOUND_MESSAGE } });
    const [previous, next] = await Promise.all([this.repository.neighbour(row, "previous"), this.repository.neighbour(row, "next")]);
    const link = (found: { id: number; title: string } | undefined) => (found ? { articleId: found.id, title: found.title } : null);
    return { cmsArticle: helpArticleOf(row, menu), lastPage: link(previous), nextPage: link(next) };
  }

  /** Full-text search over every public article, best first, with the path of menus to each. */
  async searchArticles(keyName: string, { pageNumber, pageSize }: PageQuery): Promise<PageP<HelpSearchResult>> {
    const { hits, total } = await this.search.search({ collection: HELP_COLLECTION, text: keyName, offset: (pageNumber - 1) * pageSize, limit: pageSize });
    const leaves = articleLeaves(await this.repository.menuTree());
    const ids = hits.map((hit) => articleIdOf(hit.ref)).filter((id): id is number => id !== null);
    const rows = new Map((await this.repository.among(ids, [...leaves.keys()])).map((row) => [row.id, row]));
    // The index follows the console's changes after they commit; a row hidden meanwhile is left out here.
    const results = ids.flatMap((id) => {
      const row = rows.get(id);
      const leaf = row && leaves.get(row.menu_id);
      return row && leaf ? [{ articleId: row.id, menuId: leaf.id, code: leaf.code, title: row.title, brief: row.brief, nameList: leaf.path }] : [];
    });
    return pageOf(results, total, pageNumber, pageSize);
  }

  dictionary(group: DictGroup): readonly DictEntry[] {
    return DICTIONARIES[group];
  }

  /** The console's preview: the form as its menu's page would show it once saved (checked and sanitised alike). */
  async preview(form: HelpArticleForm): Promise<HelpArticle> {
    const checked = await this.articles.checked(form);
    const menu = await this.repository.findMenu(checked.menuId);
    const columns = HELP_ARTICLE_KIND.toColumns(checked);
    const lawCase = { court_name: null, case_no: null, judged_on: null, evidence_channel: null, case_type: null, area: null };
    return helpArticleOf({ ...lawCase, ...columns, id: 0 }, { id: checked.menuId, name: menu!.name, code: menu!.code! });
  }

  /** A visible leaf that lists articles, or 3800. */
  private async articleMenu(menuId: number): Promise<ArticleMenu> {
    const leaf = (await this.repository.menuTree()).leaf(menuId);
    if (!leaf || !isHelpArticleKind(leaf.code)) throw new BusinessError(HelpCenterCode.menuNotFound, HELP_MENU_NOT_FOUND_MESSAGE, { errors: { menuId: HELP_MENU_NOT_FOUND_MESSAGE } });
    return leaf;
  }
}
