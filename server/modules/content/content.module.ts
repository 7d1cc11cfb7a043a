import type { FastifyInstance } from "fastify";
import type { ModuleContext } from "../module.js";
import { ContentRepository } from "./content.repository.js";
import { contentRoutes } from "./content.routes.js";
import { ContentService } from "./content.service.js";
import { obtainEvidenceRoutes } from "./obtain-evidence.routes.js";

/** Published content: home banners and news articles, and the extraction link's entry redirect. */
export async function contentModule(app: FastifyInstance, { config, db }: ModuleContext) {
  await app.register(contentRoutes, { service: new ContentService(new ContentRepository(db), config.storagePrefix) });
  await app.register(obtainEvidenceRoutes);
}
