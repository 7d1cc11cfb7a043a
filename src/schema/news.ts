import { z } from "zod";
import { CmsArticleSummarySchema } from "./common";
import { endpoint } from "./contract";
import { pagePSchema, pageQuerySchema } from "./paging";

/**
 * The product-news pages (/info/activityProduct, /info/detailsProduct): a paged list and one
 * article with its neighbours. New calls in the style of DESIGN.md §4; the detail answers like
 * the help centre's getHelpCenterArticleInfo of spec §7 (cmsArticle, lastPage, nextPage).
 */

/**
 * The channels of articles. Only product news is shown today (the home ticker, the product-news
 * pages); the help centre's articles will be a channel of their own.
 */
export const NEWS_CHANNELS = {
  NEWS: { id: 1, name: "产品动态" },
} as const;
export type NewsChannelCode = keyof typeof NEWS_CHANNELS;
/** The channel of the home ticker and the product-news pages. */
export const NEWS_CHANNEL = { code: "NEWS", ...NEWS_CHANNELS.NEWS } as const;

export const NewsCode = {
  /** No news article with this id (never published, or withdrawn). */
  articleNotFound: 3040,
} as const;

export const ARTICLE_NOT_FOUND_MESSAGE = "该文章不存在或已下线";
export const ARTICLE_ID_MESSAGE = "文章编号必须为正整数";

export const GetNewsListQuerySchema = pageQuerySchema();

export const NewsListSchema = z.object({ pageP: pagePSchema(CmsArticleSummarySchema) });
export type NewsList = z.infer<typeof NewsListSchema>;

export const ArticleIdSchema = z.coerce.number({ error: ARTICLE_ID_MESSAGE }).int(ARTICLE_ID_MESSAGE).positive(ARTICLE_ID_MESSAGE);

export const GetNewsDetailQuerySchema = z.object({ articleId: ArticleIdSchema.describe("文章编号（articleId）") });

export const NewsArticleSchema = CmsArticleSummarySchema.extend({
  content: z.string().describe("正文 HTML，由平台运营人员编写"),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

/** A neighbouring article, or null at either end of the list. */
export const ArticleLinkSchema = z.object({ articleId: z.number().int(), title: z.string() }).nullable();
export type ArticleLink = z.infer<typeof ArticleLinkSchema>;

export const NewsDetailSchema = z.object({
  cmsArticle: NewsArticleSchema,
  lastPage: ArticleLinkSchema.describe("上一篇：列表中排在它前面的文章"),
  nextPage: ArticleLinkSchema.describe("下一篇：列表中排在它后面的文章"),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

export const NEWS_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getNewsList",
    input: GetNewsListQuerySchema,
    datas: NewsListSchema,
    session: "tokenless",
    tag: "内容",
    summary: "产品动态列表（分页，按运营后台排定的顺序，新文章在前；只含已发布的）",
  }),
  detail: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getNewsDetail",
    input: GetNewsDetailQuerySchema,
    datas: NewsDetailSchema,
    session: "tokenless",
    tag: "内容",
    summary: "产品动态详情，附上一篇（lastPage）与下一篇（nextPage）；不存在的文章答 3040",
  }),
};
