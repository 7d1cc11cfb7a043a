import type { FastifyInstance } from "fastify";
import { HELP_CENTER_ENDPOINTS } from "../../../src/schema/help-center.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import type { HelpCenterService } from "./help-center.service.js";

/** The public help-centre calls (spec §7), tokenless. */
export async function helpCenterRoutes(app: FastifyInstance, { service }: { service: HelpCenterService }) {
  registerEndpoint(app, HELP_CENTER_ENDPOINTS.getHelpCenterList, async () => ok(await service.menu()));
  registerEndpoint(app, HELP_CENTER_ENDPOINTS.findHelpCenterArticles, async (query) => ok({ pageP: await service.findArticles(query) }));
  registerEndpoint(app, HELP_CENTER_ENDPOINTS.getHelpCenterArticleInfo, async ({ cmsArticleId }) => ok(await service.articleInfo(cmsArticleId)));
  registerEndpoint(app, HELP_CENTER_ENDPOINTS.findArticleLikeKey, async ({ keyName, ...page }) => ok({ pageP: await service.searchArticles(keyName, page) }));
  registerEndpoint(app, HELP_CENTER_ENDPOINTS.getDictData, async ({ typeGroupCode }) => ok([...service.dictionary(typeGroupCode)]));
}
