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

  /** One page of a channel, in the order of listNewestArticles. */
  async listArticlePage(channelCode: string, offset: number, limit: number): Promise<CmsArticleRow[]> {
    return this.db
      .selectFrom("cms_articles")
      .selectAll()
      .where("channel_code", "=", channelCode)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countArticles(channelCode: string): Promise<number> {
    const row = await this.db
      .selectFrom("cms_articles")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("channel_code", "=", channelCode)
      .executeTakeFirstOrThrow();
    // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
    return Number(row.count);
  }

  async findArticle(channelCode: string, id: number): Promise<CmsArticleRow | undefined> {
    return this.db
      .selectFrom("cms_articles")
      .selectAll()
      .where("channel_code", "=", channelCode)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /**
   * The article next to `article` in list order (published_at desc, id desc): "newer" is the one
   * listed just before it, "older" the one just after. The (published_at, id) pair is compared as a
   * whole so articles published at the same moment still have a defined neighbour.
   */
  async findNeighbour(
    article: Pick<CmsArticleRow, "channel_code" | "published_at" | "id">,
    direction: "newer" | "older",
  ): Promise<Pick<CmsArticleRow, "id" | "title"> | undefined> {
    const isNewer = direction === "newer";
    const after = isNewer ? ">" : "<";
    const order = isNewer ? "asc" : "desc";
    return this.db
      .selectFrom("cms_articles")
      .select(["id", "title"])
      .where("channel_code", "=", article.channel_code)
      .where((eb) =>
        eb.or([
          eb("published_at", after, article.published_at),
          eb.and([eb("published_at", "=", article.published_at), eb("id", after, article.id)]),
        ]),
      )
      .orderBy("published_at", order)
      .orderBy("id", order)
      .limit(1)
      .executeTakeFirst();
  }

  async insertBanners(rows: Insertable<BannersTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto("banners").values(rows).execute();
  }

  async insertArticles(rows: Insertable<CmsArticlesTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto("cms_articles").values(rows).execute();
  }
}
