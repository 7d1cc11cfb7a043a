import type { Banner, CmsArticleSummary } from "../../../src/schema/common.js";
import { formatArticleDate, formatDateTime } from "../../../src/schema/format.js";
import { ARTICLE_NOT_FOUND_MESSAGE, NewsCode, type ArticleLink, type NewsDetail, type NewsList } from "../../../src/schema/news.js";
import type { PageQuery } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import type { BannerRow, CmsArticleRow, ContentRepository } from "./content.repository.js";

/** The channel of product news shown in the home ticker and on the product-news page. */
export const NEWS_CHANNEL = { id: 1, code: "NEWS", name: "产品动态" } as const;

export class ContentService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly storagePrefix: string,
  ) {}

  async listBanners(): Promise<Banner[]> {
    const rows = await this.repository.listPublishedBanners();
    return rows.map((row) => this.toBanner(row));
  }

  async listNewestNews(count: number): Promise<CmsArticleSummary[]> {
    const rows = await this.repository.listNewestArticles(NEWS_CHANNEL.code, count);
    return rows.map(toArticleSummary);
  }

  /** The news channel page by page, newest first; a page beyond the last one is simply empty. */
  async listNews({ pageNumber, pageSize }: PageQuery): Promise<NewsList> {
    const [totalRow, rows] = await Promise.all([
      this.repository.countArticles(NEWS_CHANNEL.code),
      this.repository.listArticlePage(NEWS_CHANNEL.code, (pageNumber - 1) * pageSize, pageSize),
    ]);
    return { pageP: { list: rows.map(toArticleSummary), pageNumber, pageSize, totalRow, totalPage: Math.ceil(totalRow / pageSize) } };
  }

  async getNewsDetail(articleId: number): Promise<NewsDetail> {
    const row = await this.repository.findArticle(NEWS_CHANNEL.code, articleId);
    if (!row) throw new BusinessError(NewsCode.articleNotFound, ARTICLE_NOT_FOUND_MESSAGE, { errors: { articleId: ARTICLE_NOT_FOUND_MESSAGE } });
    const [newer, older] = await Promise.all([this.repository.findNeighbour(row, "newer"), this.repository.findNeighbour(row, "older")]);
    return { cmsArticle: { ...toArticleSummary(row), content: row.content }, lastPage: toLink(newer), nextPage: toLink(older) };
  }

  private toBanner(row: BannerRow): Banner {
    const subImages = JSON.parse(row.sub_images_json) as { path: string }[];
    return {
      templateId: row.template_id as Banner["templateId"],
      imageUrl: this.storagePrefix + row.image_path,
      subImage: subImages.map((image) => ({ path: this.storagePrefix + image.path })),
      button: JSON.parse(row.buttons_json) as Banner["button"],
      title: row.title,
      subTitle: JSON.parse(row.sub_titles_json) as Banner["subTitle"],
    };
  }
}

function toArticleSummary(row: CmsArticleRow): CmsArticleSummary {
  return {
    articleId: row.id,
    channelId: row.channel_id,
    channelCode: row.channel_code,
    channelName: row.channel_name,
    title: row.title,
    typeName: row.type_name,
    brief: row.brief,
    time: formatArticleDate(row.published_at),
    createDate: formatDateTime(row.published_at),
  };
}

function toLink(row: { id: number; title: string } | undefined): ArticleLink {
  return row ? { articleId: row.id, title: row.title } : null;
}
