import type { FastifyInstance } from "fastify";
import type { ConsoleConcernOptions } from "../console.module.js";
import { AuditedContentService } from "./audited-content.service.js";
import { contentConsoleRoutes } from "./content-console.routes.js";
import { BANNER_SUBJECT, DAPP_SUBJECT, HELP_ARTICLE_SUBJECT, HELP_MENU_SUBJECT, NEWS_SUBJECT } from "./content-subjects.js";

/**
 * 内容 in the console: banners, product news, related applications and the help centre's menus and
 * articles. The rows belong to modules/content, modules/common and modules/help-center, which publish their editors; this concern adds the audit
 * trail and the console's calls (permission content.edit).
 */
export async function contentConsoleModule(app: FastifyInstance, { audit, services }: ConsoleConcernOptions) {
  const { content, common, helpCenter } = services;
  await app.register(contentConsoleRoutes, {
    banners: new AuditedContentService(audit, content.banners, BANNER_SUBJECT, content.images),
    news: new AuditedContentService(audit, content.news, NEWS_SUBJECT, content.images),
    dapps: new AuditedContentService(audit, common.dapps, DAPP_SUBJECT, content.images),
    images: content.images,
    help: {
      menus: new AuditedContentService(audit, helpCenter.menus, HELP_MENU_SUBJECT, content.images, helpCenter.menuChanged),
      articles: new AuditedContentService(audit, helpCenter.articles, HELP_ARTICLE_SUBJECT, content.images, helpCenter.articleChanged),
      preview: helpCenter.preview,
    },
  });
}
