import type { FastifyInstance } from "fastify";
import type { SearchIndex } from "../../search/search-index.js";
import { publish, type ModuleContext } from "../module.js";
import { HelpArticleIndex, type HelpArticlesListener, type PublishedHelpArticle } from "./help-article-index.js";
import { HelpCenterRepository } from "./help-center.repository.js";
import { helpCenterRoutes } from "./help-center.routes.js";
import { HelpCenterService } from "./help-center.service.js";
import { HelpArticleEditor, HelpMenuEditor } from "./help-content-editors.js";
import { HELP_SEED } from "./seed/help-seed.js";
import { seedHelpCentre } from "./seed/seed-help.js";

/** What the help centre offers the console (its editors and their after-commit upkeep) and the legal assistant. */
export type HelpCenterServices = {
  menus: HelpMenuEditor;
  articles: HelpArticleEditor;
  /** The console calls these once a change of a menu / an article is committed: the search index follows. */
  menuChanged(id: number): Promise<void>;
  articleChanged(id: number): Promise<void>;
  preview: HelpCenterService["preview"];
  /** Every public article with its plain text (the legal assistant's passages). */
  publishedArticles(): Promise<PublishedHelpArticle[]>;
  /** Hears the ids of articles that may have changed, shown or hidden; answers the unsubscribe. */
  onArticlesChanged(listener: HelpArticlesListener): () => void;
};

/** The help centre (issue 19): menus and articles edited in the console, their public calls, and their search documents. */
export async function helpCenterModule(app: FastifyInstance, { config, db, now, search }: ModuleContext & { search: SearchIndex }) {
  const repository = new HelpCenterRepository(db);
  const menus = new HelpMenuEditor(db, repository, now);
  const articles = new HelpArticleEditor(db, repository, now);
  const index = new HelpArticleIndex(repository, search);
  const service = new HelpCenterService(repository, search, articles);
  if (config.seedDemo) await seedHelpCentre(db, now(), HELP_SEED);
  await index.reconcile();
  publish(app, "helpCenter", {
    menus,
    articles,
    menuChanged: (id) => index.menuChanged(id),
    articleChanged: (id) => index.articleChanged(id),
    preview: (form) => service.preview(form),
    publishedArticles: () => index.publishedArticles(),
    onArticlesChanged: (listener) => index.onChanged(listener),
  });
  await app.register(helpCenterRoutes, { service });
}
