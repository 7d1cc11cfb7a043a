import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBanners } from "../../server/db/seed/demo-banners.js";
import { demoDapps } from "../../server/db/seed/demo-dapps.js";
import { UNKNOWN_IMAGE_MESSAGE } from "../../server/modules/content/content-image.service.js";
import { COMMON_ENDPOINTS } from "../../src/schema/common.js";
import { CONTENT_ENDPOINTS, CONTENT_IMAGE_UPLOAD_RULE, type BannerForm, type DappForm, type NewsForm } from "../../src/schema/console/content.js";
import { ConsoleCode } from "../../src/schema/console/operator-auth.js";
import { parseOperatorActionEntry } from "../../src/schema/console/operator-action-entry.js";
import { ContentCode, MOVE_REFUSALS, PUBLICATION_TRANSITIONS } from "../../src/schema/console/publication.js";
import { webapiPath } from "../../src/schema/contract.js";
import { NEWS_CHANNEL, NEWS_ENDPOINTS, NewsCode } from "../../src/schema/news.js";
import { postMultipart, type FilePart } from "./support/multipart.js";
import { operatorPasswordLogin, operatorTokenWithout, signInOperator } from "./support/operator.js";
import { gradientPng } from "./support/png-image.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const E = CONTENT_ENDPOINTS;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  token = (await signInOperator(t, { roles: ["contentEditor"] })).token;
});
afterAll(async () => t.close());

type Json = { code: number; message: string; datas: any; extraData?: any };
const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}, as: { token?: string } = { token }): Promise<Json> =>
  (await t.call(endpoint, params, as)).json();
const ok = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}) => {
  const body = await call(endpoint, params);
  expect(body, body.message).toMatchObject({ code: 200 });
  return body.datas;
};

let pictures = 0;
/** A real PNG of its own (each upload a new blob), stored through the console's upload call. */
async function uploadPicture(): Promise<string> {
  pictures += 1;
  const response = await postMultipart(t, webapiPath(E.uploadImage), {}, { token, files: [{ name: "image", filename: `横幅${pictures}.png`, contentType: "image/png", content: gradientPng(40 + pictures, 20) }] });
  const body = response.json();
  expect(body.code, body.message).toBe(200);
  return body.datas.path as string;
}

const bannerForm = (imageUrl: string, title = "新横幅"): BannerForm => ({
  templateId: 3,
  title,
  subTitle: [{ title: "一行副标题" }],
  imageUrl,
  subImage: [{ path: imageUrl }],
  button: [{ name: "去看看", jumpUrl: "/info/blockChain" }, { name: "外部链接", jumpUrl: "https://www.example.com/a?b=1" }],
});

const publicBannerTitles = async () => ((await ok(COMMON_ENDPOINTS.getBanner)).bannerList as { title: string }[]).map((banner) => banner.title);

describe("who may edit content", () => {
  const calls = [E.banner, E.news, E.dapp].flatMap((kind) => Object.values(kind)).concat([E.uploadImage, E.previewNews]);

  it("every content call declares the content.edit permission", () => {
    for (const endpoint of calls) expect([endpoint.path, endpoint.session, endpoint.permission]).toEqual([endpoint.path, "operator", "content.edit"]);
  });

  it("refuses customers, notaries, an operator before the second factor (102) and an operator without content.edit (3100)", async () => {
    const { token: customer } = await t.app.services.sessions.create("1", "user");
    const { token: notary } = await t.app.services.sessions.create("1", "notary");
    const { account } = await signInOperator(t, { roles: ["contentEditor"] });
    const pending = (await operatorPasswordLogin(t, account)).json().datas.token as string;
    const reviewer = await operatorTokenWithout(t, "content.edit");
    for (const endpoint of calls) {
      for (const other of [customer, notary, pending, undefined]) expect((await call(endpoint, { id: 1 }, { token: other })).code, endpoint.path).toBe(102);
      expect(await call(endpoint, { id: 1 }, { token: reviewer }), endpoint.path).toMatchObject({ code: ConsoleCode.forbidden });
    }
  });
});

describe("banners", () => {
  it("are created as drafts the public does not see, published into view, edited in view, taken offline and published again", async () => {
    const image = await uploadPicture();
    const created = await ok(E.banner.create, bannerForm(image, "草稿横幅"));
    expect(created).toMatchObject({ state: "draft", title: "草稿横幅", imageUrl: image, subImage: [{ path: image }], createdAt: t.clock.now(), updatedAt: t.clock.now() });
    expect(await publicBannerTitles()).not.toContain("草稿横幅");

    expect(await ok(E.banner.publish, { id: created.id })).toMatchObject({ state: "published" });
    const shown = (await ok(COMMON_ENDPOINTS.getBanner)).bannerList.find((banner: { title: string }) => banner.title === "草稿横幅");
    expect(shown).toEqual({ templateId: 3, title: "草稿横幅", subTitle: [{ title: "一行副标题" }], imageUrl: image, subImage: [{ path: image }], button: bannerForm(image).button });

    t.clock.advance(60_000);
    const edited = await ok(E.banner.update, { id: created.id, ...bannerForm(image, "改过的横幅") });
    expect(edited).toMatchObject({ state: "published", title: "改过的横幅", updatedAt: t.clock.now(), createdAt: created.createdAt });
    expect(await publicBannerTitles()).toContain("改过的横幅");

    expect(await ok(E.banner.unpublish, { id: created.id })).toMatchObject({ state: "unpublished" });
    expect(await publicBannerTitles()).not.toContain("改过的横幅");
    expect(await ok(E.banner.publish, { id: created.id })).toMatchObject({ state: "published" });
    expect(await publicBannerTitles()).toContain("改过的横幅");
  });

  it("refuse what their state does not allow, and delete drafts only", async () => {
    const { id } = await ok(E.banner.create, bannerForm(await uploadPicture(), "状态横幅"));
    expect(await call(E.banner.unpublish, { id })).toMatchObject({ code: ContentCode.transitionRefused, message: PUBLICATION_TRANSITIONS.unpublish.refusal });
    await ok(E.banner.publish, { id });
    expect(await call(E.banner.publish, { id })).toMatchObject({ code: ContentCode.transitionRefused, message: PUBLICATION_TRANSITIONS.publish.refusal });
    expect(await call(E.banner.delete, { id })).toMatchObject({ code: ContentCode.transitionRefused, message: PUBLICATION_TRANSITIONS.delete.refusal });
    await ok(E.banner.unpublish, { id });
    expect(await call(E.banner.delete, { id })).toMatchObject({ code: ContentCode.transitionRefused });
    expect(await ok(E.banner.one, { id })).toMatchObject({ state: "unpublished" });

    const draft = await ok(E.banner.create, bannerForm(await uploadPicture(), "要删的草稿"));
    expect(await ok(E.banner.delete, { id: draft.id })).toBeNull();
    expect(await call(E.banner.one, { id: draft.id })).toMatchObject({ code: ContentCode.notFound });
    expect(await call(E.banner.publish, { id: draft.id })).toMatchObject({ code: ContentCode.notFound });
  });

  it("move up and down, and the public carousel follows the order at once", async () => {
    await t.app.database.db.deleteFrom("banners").execute();
    const image = await uploadPicture();
    const ids: number[] = [];
    for (const title of ["甲", "乙", "丙"]) {
      const { id } = await ok(E.banner.create, bannerForm(image, title));
      await ok(E.banner.publish, { id });
      ids.push(id);
    }
    expect(await publicBannerTitles()).toEqual(["甲", "乙", "丙"]);
    await ok(E.banner.move, { id: ids[2], direction: "up" });
    expect(await publicBannerTitles()).toEqual(["甲", "丙", "乙"]);
    await ok(E.banner.move, { id: ids[0], direction: "down" });
    expect(await publicBannerTitles()).toEqual(["丙", "甲", "乙"]);
    expect(await call(E.banner.move, { id: ids[2], direction: "up" })).toMatchObject({ code: ContentCode.cannotMove, message: MOVE_REFUSALS.up });
    expect(await call(E.banner.move, { id: ids[1], direction: "down" })).toMatchObject({ code: ContentCode.cannotMove, message: MOVE_REFUSALS.down });
    // A draft takes its place in the order too; the public list simply skips it.
    const draft = await ok(E.banner.create, bannerForm(image, "丁"));
    await ok(E.banner.move, { id: draft.id, direction: "up" });
    expect(await publicBannerTitles()).toEqual(["丙", "甲", "乙"]);
    const listed = (await ok(E.banner.list, { pageNumber: 1, pageSize: 10 })).pageP;
    expect(listed.list.map((banner: { title: string }) => banner.title)).toEqual(["丙", "甲", "丁", "乙"]);
  });

  it("list page by page, filtered by state", async () => {
    const all = (await ok(E.banner.list, { pageNumber: 1, pageSize: 10 })).pageP;
    const drafts = (await ok(E.banner.list, { pageNumber: 1, pageSize: 10, state: "draft" })).pageP;
    expect(drafts.list.length).toBeGreaterThan(0);
    expect(drafts.list.every((banner: { state: string }) => banner.state === "draft")).toBe(true);
    expect(drafts.totalRow).toBeLessThan(all.totalRow);
    expect(await call(E.banner.list, { state: "gone" })).toMatchObject({ code: 1001 });
  });

  it("refuse jump addresses outside http(s) and the site's own paths, and images never uploaded", async () => {
    const image = await uploadPicture();
    const badJump = await call(E.banner.create, { ...bannerForm(image), button: [{ name: "坏", jumpUrl: "javascript:alert(1)" }] });
    expect(badJump.code).toBe(1001);
    expect(Object.keys(badJump.extraData.errors)).toEqual(["button.0.jumpUrl"]);
    const unknown = `/files/content/${"0".repeat(64)}`;
    const body = await call(E.banner.create, { ...bannerForm(image), subImage: [{ path: image }, { path: unknown }] });
    expect(body).toMatchObject({ code: 1001, message: UNKNOWN_IMAGE_MESSAGE, extraData: { errors: { "subImage.1.path": UNKNOWN_IMAGE_MESSAGE } } });
    expect(await call(E.banner.create, { ...bannerForm(image), imageUrl: "https://elsewhere.example.com/x.png" })).toMatchObject({ code: 1001 });
  });

  it("are recorded in the audit trail with before and after, each action also on the ledger", async () => {
    const { id } = await ok(E.banner.create, bannerForm(await uploadPicture(), "审计横幅"));
    await ok(E.banner.publish, { id });
    const rows = await t.app.database.db.selectFrom("operator_audit").selectAll().where("target_type", "=", "banner").where("target_id", "=", String(id)).orderBy("id").execute();
    expect(rows.map((row) => row.action)).toEqual(["banner.create", "banner.publish"]);
    expect(rows[0]).toMatchObject({ target_label: "审计横幅", before_json: null });
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ id, state: "draft" });
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ state: "draft" });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ state: "published" });
    for (const row of rows) {
      expect(row.ledger_index).not.toBeNull();
      const entry = parseOperatorActionEntry(Buffer.from((await t.app.services.ledger.entry(Number(row.ledger_index)))!).toString("utf8"));
      expect(entry).toMatchObject({ kind: "operatorAction", action: row.action, auditId: row.id });
    }
  });

  it("a refused change leaves no audit row", async () => {
    const { id } = await ok(E.banner.create, bannerForm(await uploadPicture(), "不能下线"));
    const count = async () => (await t.app.database.db.selectFrom("operator_audit").select("id").where("target_id", "=", String(id)).execute()).length;
    const before = await count();
    expect((await call(E.banner.unpublish, { id })).code).toBe(ContentCode.transitionRefused);
    expect(await count()).toBe(before);
  });
});

describe("content images", () => {
  const upload = (files: FilePart[]) => postMultipart(t, webapiPath(E.uploadImage), {}, { token, files }).then((response) => response.json());

  it("are served at their stable path with their type, and only uploaded ones are", async () => {
    const path = await uploadPicture();
    const served = await t.app.inject({ method: "GET", url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(served.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect((await t.app.inject({ method: "GET", url: `/files/content/${"0".repeat(64)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/files/content/..%2F..%2Fplatform.sqlite" })).statusCode).toBe(404);
  });

  it.each([
    ["a GIF named .png (judged by its bytes)", { filename: "假的.png", content: Buffer.from("GIF89a......") }, CONTENT_IMAGE_UPLOAD_RULE.messages!.format!],
    ["an HTML page named .jpg", { filename: "页面.jpg", content: Buffer.from("<html><script>alert(1)</script></html>") }, CONTENT_IMAGE_UPLOAD_RULE.messages!.format!],
    ["a PNG named .gif", { filename: "图.gif", content: gradientPng(4, 4) }, CONTENT_IMAGE_UPLOAD_RULE.messages!.format!],
    ["an empty file", { filename: "空.png", content: Buffer.alloc(0) }, CONTENT_IMAGE_UPLOAD_RULE.messages!.empty!],
    ["a file over 5 MB", { filename: "大.png", content: Buffer.concat([gradientPng(4, 4), Buffer.alloc(CONTENT_IMAGE_UPLOAD_RULE.maxBytes)]) }, "文件大小超过5M"],
  ])("refuse %s", async (_what, file, message) => {
    const body = await upload([{ name: "image", contentType: "image/png", ...file }]);
    expect(body).toMatchObject({ code: 1001, message, extraData: { errors: { image: message } } });
  });

  it("refuse a request without a file", async () => {
    expect(await upload([])).toMatchObject({ code: 1001, extraData: { errors: { image: CONTENT_IMAGE_UPLOAD_RULE.messages!.missing } } });
  });
});

const newsForm = (title: string, content = "<p>正文</p>"): NewsForm => ({ title, channelCode: NEWS_CHANNEL.code, typeName: "发布, 账本，发布", brief: "一句话摘要", content, publishedAt: Date.UTC(2026, 10, 1, 2) });

describe("product news", () => {
  it("stores the HTML sanitised: a script and an onerror attribute are removed", async () => {
    const created = await ok(E.news.create, newsForm("带脚本的文章", '<p>正文<script>alert(1)</script></p><img src="/files/content/x" onerror="alert(2)">'));
    expect(created.content).toBe('<p>正文</p><img src="/files/content/x">');
    expect(created.typeName).toBe("发布,账本");
    const preview = await ok(E.previewNews, newsForm("预览", '<p onclick="x()">预览<script>y()</script></p>'));
    expect(preview).toMatchObject({ title: "预览", content: "<p>预览</p>", time: "2026年11月01日", channelName: NEWS_CHANNEL.name });
    expect(await call(E.news.create, newsForm("只有脚本", "<script>alert(1)</script>"))).toMatchObject({ code: 1001, extraData: { errors: { content: expect.any(String) } } });
  });

  it("appear in the ticker, the list and the article page only while published, new ones first", async () => {
    const ticker = async () => ((await ok(COMMON_ENDPOINTS.getCmsArticle)).cmsNewArticleList as { title: string }[]).map((article) => article.title);
    const older = await ok(E.news.create, newsForm("较早的文章"));
    await ok(E.news.publish, { id: older.id });
    const article = await ok(E.news.create, newsForm("新文章"));
    expect(await ticker()).not.toContain("新文章");
    expect(await call(NEWS_ENDPOINTS.detail, { articleId: article.id })).toMatchObject({ code: NewsCode.articleNotFound });

    await ok(E.news.publish, { id: article.id });
    expect((await ticker()).slice(0, 2)).toEqual(["新文章", "较早的文章"]);
    const detail = await ok(NEWS_ENDPOINTS.detail, { articleId: article.id });
    expect(detail).toMatchObject({ cmsArticle: { title: "新文章", content: "<p>正文</p>" }, lastPage: null, nextPage: { articleId: older.id } });

    await ok(E.news.update, { id: article.id, ...newsForm("新文章（修订）") });
    expect((await ok(NEWS_ENDPOINTS.list)).pageP.list[0].title).toBe("新文章（修订）");
    await ok(E.news.move, { id: article.id, direction: "down" });
    expect((await ticker()).slice(0, 2)).toEqual(["较早的文章", "新文章（修订）"]);

    await ok(E.news.unpublish, { id: article.id });
    expect(await ticker()).not.toContain("新文章（修订）");
    expect(await call(NEWS_ENDPOINTS.detail, { articleId: article.id })).toMatchObject({ code: NewsCode.articleNotFound });
    const audited = await t.app.database.db.selectFrom("operator_audit").select("action").where("target_type", "=", "news").where("target_id", "=", String(article.id)).orderBy("id").execute();
    expect(audited.map((row) => row.action)).toEqual(["news.create", "news.publish", "news.update", "news.move", "news.unpublish"]);
  });
});

const dappForm = (menu_logo: string, dapp_name: string, category: DappForm["category"] = 2): DappForm => ({
  dapp_name,
  description: "应用简介",
  menu_logo,
  dapp_home_url: "https://apps.example.com/",
  category,
  display: 1,
  width: 240,
});

describe("related applications", () => {
  it("are listed by getDappList once published, with the storage prefix, ordered within their category", async () => {
    const logo = await uploadPicture();
    const names = async (category: number) =>
      ((await t.call(COMMON_ENDPOINTS.getDappList)).json().extraData.menuList as { dapp_name: string; category: number }[]).filter((dapp) => dapp.category === category).map((dapp) => dapp.dapp_name);
    const first = await ok(E.dapp.create, dappForm(logo, "应用一"));
    const second = await ok(E.dapp.create, dappForm(logo, "应用二"));
    const other = await ok(E.dapp.create, dappForm(logo, "别类应用", 3));
    for (const { id } of [first, second, other]) await ok(E.dapp.publish, { id });
    expect(await names(2)).toEqual(["应用一", "应用二"]);
    await ok(E.dapp.move, { id: second.id, direction: "up" });
    expect(await names(2)).toEqual(["应用二", "应用一"]);
    // Its category is its own list: the first of category 3 cannot move up past another category's rows.
    expect(await call(E.dapp.move, { id: other.id, direction: "up" })).toMatchObject({ code: ContentCode.cannotMove });

    const listed = (await t.call(COMMON_ENDPOINTS.getDappList)).json().extraData.menuList.find((dapp: { dapp_name: string }) => dapp.dapp_name === "应用一");
    expect(listed).toEqual({ ...dappForm(logo, "应用一") });
    expect(await call(E.dapp.update, { id: first.id, ...dappForm(logo, "应用一"), dapp_home_url: "//evil.example.com" })).toMatchObject({ code: 1001 });
    expect(await call(E.dapp.update, { id: first.id, ...dappForm(logo, "应用一"), menu_logo: `/files/content/${"1".repeat(64)}` })).toMatchObject({ code: 1001, extraData: { errors: { menu_logo: UNKNOWN_IMAGE_MESSAGE } } });
  });
});

describe("the seeded demo content", () => {
  let seeded: TestApp;
  let editor: string;
  beforeAll(async () => {
    seeded = await createTestApp({ env: { STORAGE_PREFIX: "https://cdn.example.com" } });
    editor = (await signInOperator(seeded, { roles: ["contentEditor"] })).token;
  });
  afterAll(async () => seeded.close());

  it("is ordinary published rows the console lists, edits and takes offline", async () => {
    const list = (await seeded.call(E.banner.list, { pageNumber: 1, pageSize: 10 }, { token: editor })).json().datas.pageP;
    expect(list.totalRow).toBe(demoBanners.length);
    expect(list.list.map((banner: { title: string; state: string }) => [banner.title, banner.state])).toEqual(demoBanners.map((banner) => [banner.title, "published"]));
    expect(list.list[0].createdAt).toBe(seeded.clock.now());
    expect(list.list[0].imageUrl).toBe(demoBanners[0].imageUrl);

    const publicList = (await seeded.call(COMMON_ENDPOINTS.getBanner)).json().datas.bannerList;
    expect(publicList[0].imageUrl).toBe(`https://cdn.example.com${demoBanners[0].imageUrl}`);

    await seeded.call(E.banner.unpublish, { id: list.list[0].id }, { token: editor });
    expect((await seeded.call(COMMON_ENDPOINTS.getBanner)).json().datas.bannerList).toHaveLength(demoBanners.length - 1);
    const dapps = (await seeded.call(E.dapp.list, { pageNumber: 1, pageSize: 50 }, { token: editor })).json().datas.pageP;
    expect(dapps.totalRow).toBe(demoDapps.length);
  });
});
