import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { AuditedContentService } from "./audited-content.service.js";
import { contentConsoleRoutes } from "./content-console.routes.js";
import { BANNER_SUBJECT, DAPP_SUBJECT, NEWS_SUBJECT } from "./content-subjects.js";

/**
 * 内容 in the console: banners, product news and related applications. The rows belong to
 * modules/content and modules/common, which publish their editors; this concern adds the audit
 * trail and the console's calls (permission content.edit).
 */
export async function contentConsoleModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const { content, common } = services;
  await app.register(contentConsoleRoutes, {
    banners: new AuditedContentService(audit, content.banners, BANNER_SUBJECT, content.images),
    news: new AuditedContentService(audit, content.news, NEWS_SUBJECT, content.images),
    dapps: new AuditedContentService(audit, common.dapps, DAPP_SUBJECT, content.images),
    images: content.images,
  });
}
