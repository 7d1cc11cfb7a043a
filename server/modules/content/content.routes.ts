import type { FastifyInstance } from "fastify";
import { COMMON_ENDPOINTS } from "../../../src/schema/common.js";
import { CONTENT_IMAGE_URL_PREFIX } from "../../../src/schema/console/content.js";
import { NEWS_ENDPOINTS } from "../../../src/schema/news.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { registerPublicImageRoute } from "../../http/public-image-route.js";
import type { ContentImageService } from "./content-image.service.js";
import type { ContentService } from "./content.service.js";

export async function contentRoutes(app: FastifyInstance, options: { service: ContentService; images: ContentImageService }) {
  const { service, images } = options;

  registerEndpoint(app, COMMON_ENDPOINTS.getBanner, async () => ok({ bannerList: await service.listBanners() }));
  registerEndpoint(app, COMMON_ENDPOINTS.getCmsArticle, async ({ pageNewSize }) => ok({ cmsNewArticleList: await service.listNewestNews(pageNewSize) }));
  registerEndpoint(app, NEWS_ENDPOINTS.list, async (query) => ok(await service.listNews(query)));
  registerEndpoint(app, NEWS_ENDPOINTS.detail, async ({ articleId }) => ok(await service.getNewsDetail(articleId)));

  registerPublicImageRoute(app, CONTENT_IMAGE_URL_PREFIX, (sha256) => images.open(sha256));
}
