import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles } from "../../server/db/seed/demo-articles.js";
import { CmsArticleSummarySchema } from "../../src/schema/common.js";
import { ARTICLE_ID_MESSAGE, ARTICLE_NOT_FOUND_MESSAGE, NEWS_CHANNEL, NewsCode, NewsDetailSchema, NewsListSchema, NEWS_ENDPOINTS } from "../../src/schema/news.js";
import { pageSizeMessage, PAGE_SIZE_OPTIONS } from "../../src/schema/paging.js";
import { createTestApp, type TestApp } from "./support/test-app.js";


const newestFirstTitles = [...demoArticles]
  .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
  .map((article) => article.title);

type Summary = { articleId: number; title: string };

describe("product news on the seeded demo content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function page(pageNumber: number, pageSize: number) {
    const body = (await t.call(NEWS_ENDPOINTS.list, { pageNumber, pageSize })).json();
    expect(body.code).toBe(200);
    return NewsListSchema.strict().parse(body.datas).pageP;
  }

  it("lists the news newest first, page by page, with the paging totals", async () => {
    const first = await page(1, 10);
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 10, totalRow: demoArticles.length, totalPage: Math.ceil(demoArticles.length / 10) });
    for (const article of first.list) CmsArticleSummarySchema.strict().parse(article);
    const second = await page(2, 10);
    expect([...first.list, ...second.list].map((article) => article.title)).toEqual(newestFirstTitles);
    expect(first.list[0].time).toMatch(/^\d{4}年\d{2}月\d{2}日$/);
  });

  it("answers an empty list beyond the last page, keeping the totals", async () => {
    const beyond = await page(99, 10);
    expect(beyond).toMatchObject({ list: [], pageNumber: 99, totalRow: demoArticles.length });
  });

  it("defaults to the first page of ten", async () => {
    const body = (await t.call(NEWS_ENDPOINTS.list)).json();
    expect(body.datas.pageP).toMatchObject({ pageNumber: 1, pageSize: 10 });
  });

  it("refuses a page size outside the allowed choices with the paging rule's message", async () => {
    const body = (await t.call(NEWS_ENDPOINTS.list, { pageNumber: 1, pageSize: 7 })).json();
    expect(body.code).toBe(1001);
    expect(body.extraData.errors.pageSize).toBe(pageSizeMessage(PAGE_SIZE_OPTIONS));
  });

  it("answers an article with its content and its neighbours in list order", async () => {
    const [newest, second, third] = (await page(1, 10)).list;
    const body = (await t.call(NEWS_ENDPOINTS.detail, { articleId: second.articleId })).json();
    expect(body.code).toBe(200);
    const detail = NewsDetailSchema.parse(body.datas);
    expect(detail.cmsArticle).toMatchObject({ articleId: second.articleId, title: second.title, time: second.time });
    expect(detail.cmsArticle.content).toContain("<p>");
    expect(detail.lastPage).toEqual({ articleId: newest.articleId, title: newest.title });
    expect(detail.nextPage).toEqual({ articleId: third.articleId, title: third.title });
  });

  it("has no previous article before the newest and no next one after the oldest", async () => {
    const all = [...(await page(1, 100)).list];
    const newest = NewsDetailSchema.parse((await t.call(NEWS_ENDPOINTS.detail, { articleId: all[0].articleId })).json().datas);
    const oldest = NewsDetailSchema.parse((await t.call(NEWS_ENDPOINTS.detail, { articleId: all[all.length - 1].articleId })).json().datas);
    expect(newest.lastPage).toBeNull();
    expect(oldest.nextPage).toBeNull();
  });

  it("answers 3040 for an unknown article and 1001 for an id that is not a positive integer", async () => {
    const unknown = (await t.call(NEWS_ENDPOINTS.detail, { articleId: 999_999 })).json();
    expect(unknown).toMatchObject({ code: NewsCode.articleNotFound, message: ARTICLE_NOT_FOUND_MESSAGE, datas: null });
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const body = (await t.call(NEWS_ENDPOINTS.detail, { articleId: bad })).json();
      expect(body.code).toBe(1001);
      expect(body.extraData.errors.articleId).toBe(ARTICLE_ID_MESSAGE);
    }
  });

  it("is public: a visitor without a token and one with a stale token both get the news", async () => {
    expect((await t.call(NEWS_ENDPOINTS.list, {}, { token: "no-such-token" })).json().code).toBe(200);
    const articleId = (await page(1, 10)).list[0].articleId;
    expect((await t.call(NEWS_ENDPOINTS.detail, { articleId }, { token: "no-such-token" })).json().code).toBe(200);
  });
});

describe("product news ordering", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
  });
  afterAll(async () => t.close());

  it("starts empty without demo content", async () => {
    expect((await t.call(NEWS_ENDPOINTS.list)).json().datas.pageP).toEqual({ list: [], pageNumber: 1, pageSize: 10, totalPage: 0, totalRow: 0 });
  });

  it("walks every article exactly once through nextPage and back through lastPage, also where positions are shared", async () => {
    const news = t.app.services.content.news;
    for (const index of [1, 2, 3, 4, 5]) {
      const { id } = await news.create({ title: `第${index}篇`, channelCode: NEWS_CHANNEL.code, typeName: "", brief: "摘要", content: `<p>第${index}篇正文</p>`, publishedAt: Date.UTC(2026, 0, index) });
      await news.publish(id);
    }
    // Rows from before the console had distinct positions only by chance; shared ones must still list and link.
    await t.app.database.db.updateTable("cms_articles").set({ sort_order: 0 }).where("title", "in", ["第2篇", "第3篇", "第5篇"]).execute();
    const listed: Summary[] = (await t.call(NEWS_ENDPOINTS.list, { pageSize: 10 })).json().datas.pageP.list;
    expect(listed).toHaveLength(5);

    const forward: number[] = [];
    let cursor: number | null = listed[0].articleId;
    while (cursor !== null) {
      forward.push(cursor);
      cursor = ((await t.call(NEWS_ENDPOINTS.detail, { articleId: cursor })).json().datas.nextPage?.articleId as number | undefined) ?? null;
    }
    expect(forward).toEqual(listed.map((article) => article.articleId));

    const backward: number[] = [];
    cursor = listed[listed.length - 1].articleId;
    while (cursor !== null) {
      backward.push(cursor);
      cursor = ((await t.call(NEWS_ENDPOINTS.detail, { articleId: cursor })).json().datas.lastPage?.articleId as number | undefined) ?? null;
    }
    expect(backward).toEqual(forward.reverse());
  });

  it("does not answer articles of another channel", async () => {
    const at = t.clock.now();
    await t.app.database.db
      .insertInto("cms_articles")
      .values({ channel_id: 9, channel_code: "HELP", channel_name: "帮助", title: "帮助文章", type_name: "", brief: "", summary: "", content: "", published_at: 1, state: "published", sort_order: -100, created_at: at, updated_at: at })
      .execute();
    const listed: Summary[] = (await t.call(NEWS_ENDPOINTS.list, { pageSize: 50 })).json().datas.pageP.list;
    expect(listed.map((article) => article.title)).not.toContain("帮助文章");
    const help = await t.app.database.db.selectFrom("cms_articles").select("id").where("channel_code", "=", "HELP").executeTakeFirstOrThrow();
    expect((await t.call(NEWS_ENDPOINTS.detail, { articleId: help.id })).json().code).toBe(NewsCode.articleNotFound);
  });
});

describe("/obtainEvidence", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
  });
  afterAll(async () => t.close());

  it.each([
    ["/obtainEvidence", "/info/extractLogin"],
    ["/obtainEvidence?code=A1", "/info/extractLogin?code=A1"],
    ["/obtainEvidence/anything", "/info/extractLogin"],
  ])("sends %s to the evidence extraction login (%s)", async (url, location) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});
