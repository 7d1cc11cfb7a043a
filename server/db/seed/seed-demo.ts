import type { Kysely } from "kysely";
import type { PublicationFields } from "../../../src/schema/console/publication.js";
import { NEWS_CHANNEL } from "../../../src/schema/news.js";
import { DAPP_KIND } from "../../modules/common/dapp-content.js";
import { BANNER_KIND } from "../../modules/content/banner-content.js";
import { NEWS_KIND } from "../../modules/content/news-content.js";
import { PublicationEditor, type PublicationKind } from "../../modules/content/publication/publication-editor.js";
import type { PublishableTableName } from "../../modules/content/publication/publishable-table.js";
import type { Database } from "../database.js";
import { demoArticles } from "./demo-articles.js";
import { demoBanners } from "./demo-banners.js";
import { demoDapps } from "./demo-dapps.js";

const SEED_MARKER = "demo_content_seeded_at";

/**
 * Seeds the demo content once per installation. The rows are ordinary rows, made as the console
 * makes them: created as drafts through the same editors, then published; the console edits,
 * reorders and takes them offline like any other (seedOnce below). Returns whether this call seeded.
 */
export async function seedDemoContent(db: Kysely<Database>, now: number): Promise<boolean> {
  return seedOnce(db, SEED_MARKER, now, async (trx) => {
    const publishAll = async <T extends PublishableTableName, Form, Record extends PublicationFields>(kind: PublicationKind<T, Form, Record>, forms: readonly Form[]) => {
      const editor = new PublicationEditor(trx, kind, () => now);
      for (const form of forms) await editor.publish((await editor.create(form)).id);
    };
    await publishAll(DAPP_KIND, demoDapps);
    await publishAll(BANNER_KIND, demoBanners);
    // New articles go on top, so the oldest is created first and the newest ends up first.
    const oldestFirst = [...demoArticles].sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
    await publishAll(
      NEWS_KIND,
      oldestFirst.map(({ publishedAt, ...article }) => ({ ...article, channelCode: NEWS_CHANNEL.code, publishedAt: Date.parse(publishedAt) })),
    );
  });
}

/**
 * Runs `work` once per installation under the app_meta key `marker`: the marker and the rows commit
 * in one transaction, so a crash mid-seed leaves nothing behind and the next start seeds again; a
 * second replica starting at the same moment fails on the marker's key and leaves the first one's
 * rows. Returns whether this call seeded.
 */
export async function seedOnce(db: Kysely<Database>, marker: string, now: number, work: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
  const already = await db.selectFrom("app_meta").select("key").where("key", "=", marker).executeTakeFirst();
  if (already) return false;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("app_meta").values({ key: marker, value: String(now), updated_at: now }).execute();
      await work(trx);
    });
    return true;
  } catch (error) {
    const seededMeanwhile = await db.selectFrom("app_meta").select("key").where("key", "=", marker).executeTakeFirst();
    if (seededMeanwhile) return false;
    throw error;
  }
}
