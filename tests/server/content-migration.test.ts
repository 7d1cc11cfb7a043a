import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../server/db/migrations/0018-content-publication.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

/**
 * Migration 0018 on rows written before it: what the public saw stays published, in the order it
 * was shown, with the demo seed's time as its creation time.
 */
describe("migration 0018 (content publication)", () => {
  let database: TestDatabase;
  let db: Kysely<any>;
  const seededAt = Date.UTC(2026, 0, 2, 3, 4, 5);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db as unknown as Kysely<any>;
    await down(db);
    await db.insertInto("app_meta").values({ key: "demo_content_seeded_at", value: String(seededAt), updated_at: seededAt }).execute();
    const banner = { template_id: 1, image_path: "/assets/images/banner/a.svg", sub_images_json: "[]", buttons_json: "[]", sub_titles_json: "[]" };
    await db.insertInto("banners").values([
      { ...banner, title: "公开的", sort_order: 0, is_published: 1 },
      { ...banner, title: "隐藏的", sort_order: 1, is_published: 0 },
    ]).execute();
    await db.insertInto("dapps").values({ dapp_name: "应用", description: "", menu_logo: "/assets/images/dapp/a.svg", dapp_home_url: "/", category: 1, display: 1, width: 240, sort_order: 0 }).execute();
    const article = { channel_id: 1, channel_name: "产品动态", type_name: "", brief: "", summary: "", content: "<p>x</p>", created_at: 7 };
    await db.insertInto("cms_articles").values([
      { ...article, channel_code: "NEWS", title: "旧", published_at: 100 },
      { ...article, channel_code: "NEWS", title: "新", published_at: 300 },
      { ...article, channel_code: "NEWS", title: "中", published_at: 200 },
      { ...article, channel_code: "HELP", title: "帮助", published_at: 50 },
    ]).execute();
    await up(db);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("keeps what was shown published and what was hidden offline, from the seed's time", async () => {
    const banners = await db.selectFrom("banners").select(["title", "state", "created_at", "updated_at"]).orderBy("sort_order").execute();
    expect(banners).toEqual([
      { title: "公开的", state: "published", created_at: seededAt, updated_at: seededAt },
      { title: "隐藏的", state: "unpublished", created_at: seededAt, updated_at: seededAt },
    ]);
    expect(await db.selectFrom("dapps").select(["state", "created_at"]).execute()).toEqual([{ state: "published", created_at: seededAt }]);
  });

  it("orders each channel's articles newest first, as they were listed", async () => {
    const articles = await db.selectFrom("cms_articles").select(["channel_code", "title", "state", "sort_order", "updated_at"]).orderBy("channel_code").orderBy("sort_order").execute();
    expect(articles).toEqual([
      { channel_code: "HELP", title: "帮助", state: "published", sort_order: 0, updated_at: 7 },
      { channel_code: "NEWS", title: "新", state: "published", sort_order: 0, updated_at: 7 },
      { channel_code: "NEWS", title: "中", state: "published", sort_order: 1, updated_at: 7 },
      { channel_code: "NEWS", title: "旧", state: "published", sort_order: 2, updated_at: 7 },
    ]);
  });

  it("can be rolled back and applied again", async () => {
    await down(db);
    expect(await db.selectFrom("banners").select(["title", "is_published"]).orderBy("sort_order").execute()).toEqual([
      { title: "公开的", is_published: 1 },
      { title: "隐藏的", is_published: 0 },
    ]);
    await up(db);
    expect((await db.selectFrom("banners").select("state").orderBy("sort_order").execute()).map((row) => row.state)).toEqual(["published", "unpublished"]);
  });
});
