import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BannerListSchema, CmsNewArticleListSchema, GetBannerQuerySchema, GetCmsArticleQuerySchema } from "../../../src/schema/common.js";
import { GetNewsDetailQuerySchema, GetNewsListQuerySchema, NewsDetailSchema, NewsListSchema } from "../../../src/schema/news.js";
import { ok } from "../../http/envelope.js";
import { signedQuery, successResponse } from "../../http/route-schema.js";
import type { ContentService } from "./content.service.js";

export async function contentRoutes(app: FastifyInstance, options: { service: ContentService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  routes.get(
    "/webapi/extractEvidence/v2/getBanner",
    {
      schema: {
        tags: ["内容"],
        summary: "首页轮播图",
        querystring: signedQuery(GetBannerQuerySchema.shape),
        response: successResponse(BannerListSchema),
      },
      config: { session: "tokenless" },
    },
    async () => ok({ bannerList: await service.listBanners() }),
  );

  routes.get(
    "/webapi/extractEvidence/v2/getCmsArticle",
    {
      schema: {
        tags: ["内容"],
        summary: "最新产品动态（pageNewSize 条，默认 6 条）",
        querystring: signedQuery(GetCmsArticleQuerySchema.shape),
        response: successResponse(CmsNewArticleListSchema),
      },
      config: { session: "tokenless" },
    },
    async (request) => ok({ cmsNewArticleList: await service.listNewestNews(request.query.pageNewSize) }),
  );

  routes.get(
    "/webapi/extractEvidence/v2/getNewsList",
    {
      schema: {
        tags: ["内容"],
        summary: "产品动态列表（分页，最新在前）",
        querystring: signedQuery(GetNewsListQuerySchema.shape),
        response: successResponse(NewsListSchema),
      },
      config: { session: "tokenless" },
    },
    async (request) => ok(await service.listNews(request.query)),
  );

  routes.get(
    "/webapi/extractEvidence/v2/getNewsDetail",
    {
      schema: {
        tags: ["内容"],
        summary: "产品动态详情，附上一篇（lastPage）与下一篇（nextPage）；不存在的文章答 3040",
        querystring: signedQuery(GetNewsDetailQuerySchema.shape),
        response: successResponse(NewsDetailSchema),
      },
      config: { session: "tokenless" },
    },
    async (request) => ok(await service.getNewsDetail(request.query.articleId)),
  );
}
