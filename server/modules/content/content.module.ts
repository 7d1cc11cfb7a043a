import type { FastifyInstance } from "fastify";
import type { BannerForm, BannerRecord, NewsForm, NewsRecord } from "../../../src/schema/console/content.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { PublicImageList } from "../../blobs/public-image-list.js";
import { publish, type ModuleContext } from "../module.js";
import { ArticleRepository } from "./article.repository.js";
import { BANNER_KIND } from "./banner-content.js";
import { ContentImageService } from "./content-image.service.js";
import { contentRoutes } from "./content.routes.js";
import { ContentService } from "./content.service.js";
import { NEWS_KIND } from "./news-content.js";
import { obtainEvidenceRoutes } from "./obtain-evidence.routes.js";
import { PublicationEditor } from "./publication/publication-editor.js";

/** What the console edits here: banners, news articles, and the images they show. */
export type ContentServices = {
  banners: PublicationEditor<"banners", BannerForm, BannerRecord>;
  news: PublicationEditor<"cms_articles", NewsForm, NewsRecord>;
  images: ContentImageService;
};

/** Published content: home banners and news articles, their images, and the extraction link's entry redirect. */
export async function contentModule(app: FastifyInstance, { config, db, now, blobs }: ModuleContext & { blobs: BlobStore }) {
  const images = new ContentImageService(new PublicImageList(db, "content_images"), blobs, now);
  publish(app, "content", { banners: new PublicationEditor(db, BANNER_KIND, now), news: new PublicationEditor(db, NEWS_KIND, now), images });
  await app.register(contentRoutes, { service: new ContentService(db, new ArticleRepository(db), config.storagePrefix), images });
  await app.register(obtainEvidenceRoutes);
}
