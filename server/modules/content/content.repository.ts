import type { Insertable, Kysely, Selectable } from "kysely";
import type { BannersTable, CmsArticlesTable, Database } from "../../db/database.js";

export type BannerRow = Selectable<BannersTable>;
export type CmsArticleRow = Selectable<CmsArticlesTable>;

export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listPublishedBanners(): Promise<BannerRow[]> {
    return this.db
      .selectFrom("banners")
      .selectAll()
      .where("is_published", "=", 1)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
  }

  /** Newest first; `id` breaks ties so the order is stable between calls. */
  async listNewestArticles(channelCode: string, limit: number): Promise<CmsArticleRow[]> {
    return this.db
      .selectFrom("cms_articles")
      .selectAll()
      .where("channel_code", "=", channelCode)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  async insertBanners(rows: Insertable<BannersTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto("banners").values(rows).execute();
  }

  async insertArticles(rows: Insertable<CmsArticlesTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto("cms_articles").values(rows).execute();
  }
}
