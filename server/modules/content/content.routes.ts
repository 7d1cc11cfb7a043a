import type { FastifyInstance } from "fastify";
import { COMMON_ENDPOINTS } from "../../../src/schema/common.js";
import { NEWS_ENDPOINTS } from "../../../src/schema/news.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { ContentService } from "./content.service.js";

export async function contentRoutes(app: FastifyInstance, options: { service: ContentService }) {
  const { service } = options;

  registerEndpoint(app, COMMON_ENDPOINTS.getBanner, async () => ok({ bannerList: await service.listBanners() }));
  registerEndpoint(app, COMMON_ENDPOINTS.getCmsArticle, async ({ pageNewSize }) => ok({ cmsNewArticleList: await service.listNewestNews(pageNewSize) }));
  registerEndpoint(app, NEWS_ENDPOINTS.list, async (query) => ok(await service.listNews(query)));
  registerEndpoint(app, NEWS_ENDPOINTS.detail, async ({ articleId }) => ok(await service.getNewsDetail(articleId)));
}
