import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import { ARTICLE_TABLE, type ArticleRow } from "./news-content.js";

/**
 * The public side of news articles: only published ones, in their channel's order (sort_order,
 * then id; the console moves them, and new ones start on top). Editing goes through the
 * PublicationEditor on ARTICLE_TABLE.
 */
export class ArticleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private published(channelCode: string) {
    return this.db.selectFrom("cms_articles").where("channel_code", "=", channelCode).where("state", "=", "published");
  }

  /** One page of a channel in list order. */
  async listPage(channelCode: string, offset: number, limit: number): Promise<ArticleRow[]> {
    return this.published(channelCode).selectAll().orderBy("sort_order").orderBy("id").offset(offset).limit(limit).execute();
  }

  async count(channelCode: string): Promise<number> {
    const row = await this.published(channelCode)
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirstOrThrow();
    // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
    return Number(row.count);
  }

  async find(channelCode: string, id: number): Promise<ArticleRow | undefined> {
    return this.published(channelCode).selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The published article listed just before ("previous") or after ("next") `article` in its channel. */
  async findNeighbour(article: ArticleRow, direction: "previous" | "next"): Promise<Pick<ArticleRow, "id" | "title"> | undefined> {
    return ARTICLE_TABLE.publishedNeighbour(this.db, article, direction);
  }
}
