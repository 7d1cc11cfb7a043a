import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/dialect.js";
import { demoArticles } from "../../server/db/seed/demo-articles.js";
import { demoBanners } from "../../server/db/seed/demo-banners.js";
import { demoDapps } from "../../server/db/seed/demo-dapps.js";
import { BannerSchema, CmsArticleSummarySchema, DappSchema, COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

describe("common calls on seeded demo content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("getTime answers the server clock in milliseconds", async () => {
    t.clock.advance(1234);
    expect((await t.call(COMMON_ENDPOINTS.getTime)).json().datas).toEqual({ serverTime: t.clock.now() });
  });

  it("getDappList answers every related application with all its fields in extraData.menuList", async () => {
    const body = (await t.call(COMMON_ENDPOINTS.getDappList)).json();
    expect(body.code).toBe(200);
    const menuList = body.extraData.menuList;
    expect(menuList).toHaveLength(demoDapps.length);
    for (const dapp of menuList) expect(DappSchema.strict().parse(dapp)).toEqual(dapp);
    expect(new Set(menuList.map((dapp: { category: number }) => dapp.category))).toEqual(new Set([1, 2, 3, 4]));
    expect(menuList.some((dapp: { display: number }) => dapp.display === 0)).toBe(true);
  });

  it("getBanner answers the published banners with every field of spec §3", async () => {
    const body = (await t.call(COMMON_ENDPOINTS.getBanner, { time: t.clock.now() })).json();
    expect(body.datas.bannerList).toHaveLength(demoBanners.length);
    for (const banner of body.datas.bannerList) expect(BannerSchema.strict().parse(banner)).toEqual(banner);
    expect(body.datas.bannerList[0].title).toBe(demoBanners[0].title);
  });

  it("getCmsArticle answers the six newest news articles, newest first", async () => {
    const body = (
      await t.call(COMMON_ENDPOINTS.getCmsArticle, { pageNewSize: 6, pageNumber: 1, pageSize: 10 })
    ).json();
    const list = body.datas.cmsNewArticleList;
    expect(list).toHaveLength(6);
    for (const article of list) CmsArticleSummarySchema.strict().parse(article);
    const newestTitles = [...demoArticles]
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
      .slice(0, 6)
      .map((article) => article.title);
    expect(list.map((article: { title: string }) => article.title)).toEqual(newestTitles);
    expect(list[0].time).toMatch(/^\d{4}年\d{2}月\d{2}日$/);
    expect(list[0].createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("shows article dates in Asia/Shanghai", async () => {
    const list = (await t.call(COMMON_ENDPOINTS.getCmsArticle)).json().datas.cmsNewArticleList;
    const newest = [...demoArticles].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0];
    expect(list[0].createDate).toBe(newest.publishedAt.slice(0, 19).replace("T", " "));
  });
});

describe("demo content seeding", () => {
  it("seeds once: a second start on the same database adds nothing", async () => {
    const t = await createTestApp();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: t.database.dataDir, CLIENT_DIR: "/nonexistent", LOG_LEVEL: "silent" });
    const again = await buildApp({ config, database: reopen(t) });
    const count = await again.database.db.selectFrom("dapps").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(demoDapps.length);
    await again.close();
    await t.close();
  });

  it("starts empty without demo content, and the lists say so honestly", async () => {
    const t = await createTestApp({ seedDemo: false });
    expect((await t.call(COMMON_ENDPOINTS.getDappList)).json().extraData).toEqual({ menuList: [] });
    expect((await t.call(COMMON_ENDPOINTS.getBanner)).json().datas).toEqual({ bannerList: [] });
    expect((await t.call(COMMON_ENDPOINTS.getCmsArticle)).json().datas).toEqual({ cmsNewArticleList: [] });
    await t.close();
  });
});

function reopen(t: TestApp) {
  return openDatabase(t.app.database.target);
}
