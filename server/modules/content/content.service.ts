import type { Kysely } from "kysely";
import type { Banner, CmsArticleSummary } from "../../../src/schema/common.js";
import { ARTICLE_NOT_FOUND_MESSAGE, NEWS_CHANNEL, NewsCode, type ArticleLink, type NewsDetail, type NewsList } from "../../../src/schema/news.js";
import type { PageQuery } from "../../../src/schema/paging.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { ArticleRepository } from "./article.repository.js";
import { BANNER_TABLE, bannerOf } from "./banner-content.js";
import { articleSummaryOf } from "./news-content.js";

/**
 * What the public pages show: published banners and product news, in the console's order. Nothing
 * is cached here, so what the console publishes, edits or takes offline is public at the next call.
 */
export class ContentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly articles: ArticleRepository,
    private readonly storagePrefix: string,
  ) {}

  async listBanners(): Promise<Banner[]> {
    const rows = await BANNER_TABLE.listPublished(this.db);
    return rows.map((row) => bannerOf(row, this.storagePrefix));
  }

  async listNewestNews(count: number): Promise<CmsArticleSummary[]> {
    const rows = await this.articles.listPage(NEWS_CHANNEL.code, 0, count);
    return rows.map(articleSummaryOf);
  }

  /** The news channel page by page, in list order; a page beyond the last one is simply empty. */
  async listNews({ pageNumber, pageSize }: PageQuery): Promise<NewsList> {
    const [totalRow, rows] = await Promise.all([
      this.articles.count(NEWS_CHANNEL.code),
      this.articles.listPage(NEWS_CHANNEL.code, (pageNumber - 1) * pageSize, pageSize),
    ]);
    return { pageP: { list: rows.map(articleSummaryOf), pageNumber, pageSize, totalRow, totalPage: Math.ceil(totalRow / pageSize) } };
  }

  async getNewsDetail(articleId: number): Promise<NewsDetail> {
    const row = await this.articles.find(NEWS_CHANNEL.code, articleId);
    if (!row) throw new BusinessError(NewsCode.articleNotFound, ARTICLE_NOT_FOUND_MESSAGE, { errors: { articleId: ARTICLE_NOT_FOUND_MESSAGE } });
    const [previous, next] = await Promise.all([this.articles.findNeighbour(row, "previous"), this.articles.findNeighbour(row, "next")]);
    return { cmsArticle: { ...articleSummaryOf(row), content: row.content }, lastPage: toLink(previous), nextPage: toLink(next) };
  }
}

function toLink(row: { id: number; title: string } | undefined): ArticleLink {
  return row ? { articleId: row.id, title: row.title } : null;
}
