import type { Kysely } from "kysely";
import { DappRepository } from "../../modules/common/dapp.repository.js";
import { ContentRepository } from "../../modules/content/content.repository.js";
import { NEWS_CHANNEL } from "../../modules/content/content.service.js";
import type { Database } from "../database.js";
import { demoArticles } from "./demo-articles.js";
import { demoBanners } from "./demo-banners.js";
import { demoDapps } from "./demo-dapps.js";

const SEED_MARKER = "demo_content_seeded_at";

/**
 * Seeds the demo content once per installation. The marker and the rows are written in one
 * transaction, so a crash mid-seed leaves nothing behind and the next start seeds again; a second
 * replica starting at the same moment fails on the marker's key and leaves the first one's rows.
 * Returns whether this call seeded.
 */
export async function seedDemoContent(db: Kysely<Database>, now: number): Promise<boolean> {
  const already = await db.selectFrom("app_meta").select("key").where("key", "=", SEED_MARKER).executeTakeFirst();
  if (already) return false;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("app_meta").values({ key: SEED_MARKER, value: String(now), updated_at: now }).execute();
      await new DappRepository(trx).insertMany(
        demoDapps.map((dapp, index) => ({ ...dapp, sort_order: index })),
      );
      const content = new ContentRepository(trx);
      await content.insertBanners(
        demoBanners.map((banner, index) => ({
          template_id: banner.templateId,
          image_path: banner.imageUrl,
          title: banner.title,
          sub_images_json: JSON.stringify(banner.subImage),
          buttons_json: JSON.stringify(banner.button),
          sub_titles_json: JSON.stringify(banner.subTitle),
          sort_order: index,
          is_published: 1,
        })),
      );
      await content.insertArticles(
        demoArticles.map((article) => ({
          channel_id: NEWS_CHANNEL.id,
          channel_code: article.channelCode,
          channel_name: article.channelName,
          title: article.title,
          type_name: article.typeName,
          brief: article.brief,
          summary: article.summary,
          content: article.content,
          published_at: Date.parse(article.publishedAt),
          created_at: now,
        })),
      );
    });
    return true;
  } catch (error) {
    const seededMeanwhile = await db.selectFrom("app_meta").select("key").where("key", "=", SEED_MARKER).executeTakeFirst();
    if (seededMeanwhile) return false;
    throw error;
  }
}
