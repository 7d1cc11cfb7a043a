import type { FastifyInstance } from "fastify";
import { COMMON_ENDPOINTS } from "../../../src/schema/common.js";
import { CONTENT_IMAGE_URL_PREFIX } from "../../../src/schema/console/content.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { NEWS_ENDPOINTS } from "../../../src/schema/news.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok, sendFailure } from "../../http/envelope.js";
import type { ContentImageService } from "./content-image.service.js";
import type { ContentService } from "./content.service.js";

export async function contentRoutes(app: FastifyInstance, options: { service: ContentService; images: ContentImageService }) {
  const { service, images } = options;

  registerEndpoint(app, COMMON_ENDPOINTS.getBanner, async () => ok({ bannerList: await service.listBanners() }));
  registerEndpoint(app, COMMON_ENDPOINTS.getCmsArticle, async ({ pageNewSize }) => ok({ cmsNewArticleList: await service.listNewestNews(pageNewSize) }));
  registerEndpoint(app, NEWS_ENDPOINTS.list, async (query) => ok(await service.listNews(query)));
  registerEndpoint(app, NEWS_ENDPOINTS.detail, async ({ articleId }) => ok(await service.getNewsDetail(articleId)));

  // Content images are public pictures named by their content hash, so they never change: cached for good.
  app.get<{ Params: { sha256: string } }>(
    `${CONTENT_IMAGE_URL_PREFIX}:sha256`,
    { schema: { hide: true }, config: { session: "tokenless" } },
    async (request, reply) => {
      const image = await images.open(request.params.sha256);
      if (!image) return sendFailure(reply, 404, ResultCode.notFound, "图片不存在");
      return reply.type(image.mimeType).header("cache-control", "public, max-age=31536000, immutable").send(image.stream);
    },
  );
}
