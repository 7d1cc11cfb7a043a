import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BannerListSchema, CmsNewArticleListSchema, GetBannerQuerySchema, GetCmsArticleQuerySchema } from "../../../src/schema/common.js";
import { NEWS_ENDPOINTS } from "../../../src/schema/news.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
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

  registerEndpoint(app, NEWS_ENDPOINTS.list, async (query) => ok(await service.listNews(query)));
  registerEndpoint(app, NEWS_ENDPOINTS.detail, async ({ articleId }) => ok(await service.getNewsDetail(articleId)));
}
