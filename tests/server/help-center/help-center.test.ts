import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELP_CONTENT_ENDPOINTS, HELP_CONTENT_MESSAGES, LAW_CASE_FIELDS_MESSAGE } from "../../../src/schema/console/help-content.js";
import { ContentCode } from "../../../src/schema/console/publication.js";
import { CASE_TYPES, EVIDENCE_CHANNELS, HELP_CENTER_ENDPOINTS, HELP_MENU_NOT_FOUND_MESSAGE, HelpCenterCode, HelpMenuNodeSchema } from "../../../src/schema/help-center.js";
import { signInOperator } from "../support/operator.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { createSearchIndex } from "../../../server/search/create-search-index.js";

const C = HELP_CONTENT_ENDPOINTS;
const P = HELP_CENTER_ENDPOINTS;

let t: TestApp;
let token: string;

type Json = { code: number; message: string; datas: any; extraData?: any };
const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}): Promise<Json> => (await t.call(endpoint, params, { token })).json();
const ok = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown> = {}) => {
  const body = await call(endpoint, params);
  expect(body, body.message).toMatchObject({ code: 200 });
  return body.datas;
};

async function menu(parentId: number | null, name: string, code: string | null, publish = true): Promise<number> {
  const { id } = await ok(C.menu.create, { parentId, name, code });
  if (publish) await ok(C.menu.publish, { id });
  return id;
}

const articleForm = (menuId: number, title: string, extra: Record<string, unknown> = {}) => ({
  menuId,
  title,
  typeName: "存证",
  brief: `${title}的摘要`,
  summary: "",
  content: `<p>${title}的正文</p>`,
  publishedAt: Date.UTC(2026, 0, 1),
  ...extra,
});

async function article(menuId: number, title: string, extra: Record<string, unknown> = {}, publish = true): Promise<number> {
  const { id } = await ok(C.article.create, articleForm(menuId, title, extra));
  if (publish) await ok(C.article.publish, { id });
  return id;
}

const lawCase = (judgedOn: string, evidenceChannelId: string, caseType: string, area: string) => ({
  courtName: "示例市第一中级人民法院（示例）",
  caseNo: `（示例）${judgedOn}号`,
  judgedOn,
  evidenceChannelId,
  caseType,
  area,
});

let guide: number, knowHow: number, faq: number, packageLeaf: number, cases: number, hiddenGroup: number, hiddenLeaf: number, emptyGroup: number;
let knowHowIds: number[];
let caseIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  token = (await signInOperator(t, { roles: ["contentEditor"] })).token;
  guide = await menu(null, "存证指南", null);
  knowHow = await menu(guide, "存证知识", "HLEVIDENCE");
  faq = await menu(guide, "常见问题", "HLQUESTION");
  packageLeaf = await menu(guide, "诉讼包下载", "HLSUITPACKAGE");
  const practice = await menu(null, "司法实践", null);
  cases = await menu(practice, "司法案例", "HLLAWCASE");
  emptyGroup = await menu(null, "空分组", null);
  hiddenGroup = await menu(null, "下线分组", null, false);
  hiddenLeaf = await menu(hiddenGroup, "隐藏的用户手册", "HLUSERBOOK");
  knowHowIds = [];
  for (let n = 1; n <= 12; n += 1) knowHowIds.push(await article(knowHow, `知识${n}`, { content: n === 3 ? "<p>电子存证的基本原理</p>" : `<p>第${n}篇</p>` }));
  await article(knowHow, "未发布的存证草稿", {}, false);
  await article(faq, "如何申请公证", { summary: "<p>公证说明</p>" });
  await article(hiddenLeaf, "隐藏栏目里的存证文章");
  caseIds = [
    await article(cases, "网页取证著作权案", lawCase("2024-03-05", "webpage", "copyright", "110000")),
    await article(cases, "录屏取证合同案", lawCase("2024-06-10", "recording", "contract", "310000")),
    await article(cases, "区块链存证商标案", lawCase("2025-01-20", "blockchain", "trademark", "110000")),
  ];
});
afterAll(async () => t.close());

describe("the menu tree", () => {
  it("answers the root with the published menus in order, leaving out empty and hidden groups", async () => {
    const [root, ...rest] = await ok(P.getHelpCenterList);
    expect(rest).toEqual([]);
    HelpMenuNodeSchema.parse(root);
    expect(root).toMatchObject({ id: 0, name: "帮助中心", code: "" });
    expect(root.children).toEqual([
      {
        id: guide,
        name: "存证指南",
        code: "",
        children: [
          { id: knowHow, name: "存证知识", code: "HLEVIDENCE", children: [] },
          { id: faq, name: "常见问题", code: "HLQUESTION", children: [] },
          { id: packageLeaf, name: "诉讼包下载", code: "HLSUITPACKAGE", children: [] },
        ],
      },
      { id: expect.any(Number), name: "司法实践", code: "", children: [{ id: cases, name: "司法案例", code: "HLLAWCASE", children: [] }] },
    ]);
    expect(JSON.stringify(root)).not.toContain(`"id":${emptyGroup},`);
  });
});

describe("article lists and details", () => {
  it("pages a menu's published articles in order, 10 per page", async () => {
    const first = (await ok(P.findHelpCenterArticles, { menuId: knowHow, useScene: 2, pageNumber: 1, pageSize: 10 })).pageP;
    expect(first).toMatchObject({ totalRow: 12, totalPage: 2, pageNumber: 1 });
    expect(first.list.map((a: any) => a.articleId)).toEqual(knowHowIds.slice(0, 10));
    expect(first.list[0]).toMatchObject({ channelId: knowHow, channelCode: "HLEVIDENCE", channelName: "存证知识", menuId: knowHow, time: "2026年01月01日" });
    const second = (await ok(P.findHelpCenterArticles, { menuId: knowHow, useScene: 2, pageNumber: 2, pageSize: 10 })).pageP;
    expect(second.list.map((a: any) => a.articleId)).toEqual(knowHowIds.slice(10));
  });

  it("answers 3800 for a group, a generated kind, a hidden menu or an unknown one", async () => {
    for (const menuId of [guide, packageLeaf, hiddenLeaf, 999_999]) {
      expect(await call(P.findHelpCenterArticles, { menuId, useScene: 2 })).toMatchObject({ code: HelpCenterCode.menuNotFound, message: HELP_MENU_NOT_FOUND_MESSAGE });
    }
  });

  it("filters law cases by judgment dates, channel, region, case type and keyword", async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await ok(P.findHelpCenterArticles, { menuId: cases, useScene: 1, ...filter })).pageP.list.map((a: any) => a.articleId);
    expect(await ids({})).toEqual(caseIds);
    expect(await ids({ startTime: "2024-06-10" })).toEqual(caseIds.slice(1));
    expect(await ids({ endTime: "2024-06-10" })).toEqual(caseIds.slice(0, 2));
    expect(await ids({ startTime: "2024-03-06", endTime: "2025-01-19" })).toEqual([caseIds[1]]);
    expect(await ids({ evidenceChannelId: "recording" })).toEqual([caseIds[1]]);
    expect(await ids({ area: "110000" })).toEqual([caseIds[0], caseIds[2]]);
    expect(await ids({ caseType: "trademark" })).toEqual([caseIds[2]]);
    expect(await ids({ keyName: "合同" })).toEqual([caseIds[1]]);
    const [first] = (await ok(P.findHelpCenterArticles, { menuId: cases, useScene: 1 })).pageP.list;
    expect(first).toMatchObject({ time: "2024年03月05日", courtName: "示例市第一中级人民法院（示例）", evidenceChannelId: "webpage", caseType: "copyright", area: "110000" });
  });

  it("answers an article with its neighbours in its menu, and 3040 for a draft, a hidden or an unknown one", async () => {
    const detail = await ok(P.getHelpCenterArticleInfo, { cmsArticleId: knowHowIds[1] });
    expect(detail.cmsArticle).toMatchObject({ articleId: knowHowIds[1], title: "知识2", content: "<p>第2篇</p>", channelCode: "HLEVIDENCE" });
    expect(detail.lastPage).toEqual({ articleId: knowHowIds[0], title: "知识1" });
    expect(detail.nextPage).toEqual({ articleId: knowHowIds[2], title: "知识3" });
    expect((await ok(P.getHelpCenterArticleInfo, { cmsArticleId: knowHowIds[0] })).lastPage).toBeNull();
    expect((await ok(P.getHelpCenterArticleInfo, { cmsArticleId: knowHowIds[11] })).nextPage).toBeNull();
    const draft = (await ok(C.article.list, { pageNumber: 1, pageSize: 100, state: "draft" })).pageP.list[0].id;
    const hidden = (await call(P.findArticleLikeKey, { keyName: "隐藏栏目" })).datas.pageP.list;
    expect(hidden).toEqual([]);
    for (const cmsArticleId of [draft, 999_999]) expect((await call(P.getHelpCenterArticleInfo, { cmsArticleId })).code).toBe(HelpCenterCode.articleNotFound);
  });

  it("answers the dictionaries", async () => {
    expect(await ok(P.getDictData, { typeGroupCode: "eviChannel" })).toEqual(EVIDENCE_CHANNELS);
    expect(await ok(P.getDictData, { typeGroupCode: "eviScene" })).toEqual(CASE_TYPES);
  });
});

describe("search", () => {
  it("finds 存证 in titles and bodies with the menu path, never drafts or hidden menus' articles", async () => {
    const page = (await ok(P.findArticleLikeKey, { keyName: "存证", pageNumber: 1, pageSize: 10 })).pageP;
    const titles = page.list.map((hit: any) => hit.title);
    expect(titles).toContain("知识3");
    expect(titles).toContain("区块链存证商标案");
    expect(titles).not.toContain("未发布的存证草稿");
    expect(titles).not.toContain("隐藏栏目里的存证文章");
    expect(page.list.find((hit: any) => hit.title === "知识3")).toEqual({ articleId: knowHowIds[2], menuId: knowHow, code: "HLEVIDENCE", title: "知识3", brief: "知识3的摘要", nameList: ["存证指南", "存证知识"] });
  });

  it("follows publishing: an unpublished article or menu leaves the results, published again it returns", async () => {
    const titles = async () => (await ok(P.findArticleLikeKey, { keyName: "公证" })).pageP.list.map((hit: any) => hit.title);
    expect(await titles()).toEqual(["如何申请公证"]);
    await ok(C.menu.unpublish, { id: guide });
    expect(await titles()).toEqual([]);
    expect((await call(P.findHelpCenterArticles, { menuId: faq, useScene: 2 })).code).toBe(HelpCenterCode.menuNotFound);
    await ok(C.menu.publish, { id: guide });
    expect(await titles()).toEqual(["如何申请公证"]);
  });

  it("heals a lost index write at the next start", async () => {
    await createSearchIndex(t.database.handle.db).remove("help", `article:${knowHowIds[2]}`);
    expect((await ok(P.findArticleLikeKey, { keyName: "原理" })).pageP.list).toEqual([]);
    t = await restartTestApp(t, { seedDemo: false });
    const page = (await ok(P.findArticleLikeKey, { keyName: "原理" })).pageP;
    expect(page.list.map((hit: any) => hit.articleId)).toEqual([knowHowIds[2]]);
  });
});

describe("the console's rules", () => {
  const menuCount = async () => (await ok(C.menu.list, { pageNumber: 1, pageSize: 100 })).pageP.totalRow;
  const articleCount = async () => (await ok(C.article.list, { pageNumber: 1, pageSize: 100 })).pageP.totalRow;

  it("sanitises content and summary: scripts, handlers and javascript: links go, allowed tags stay", async () => {
    const id = await article(faq, "清理测试", {
      content: '<h2>标题</h2><p onclick="x()">段落<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="/files/content/a.png" onerror="x()"><img src="https://evil.example/x.png"></p><table><tr><td>格</td></tr></table>',
      summary: '<p>概要<script>bad()</script><strong>重点</strong></p>',
    });
    const { cmsArticle } = await ok(P.getHelpCenterArticleInfo, { cmsArticleId: id });
    expect(cmsArticle.content).toBe('<h2>标题</h2><p>段落<a>链接</a><img src="/files/content/a.png"></p><table><tbody><tr><td>格</td></tr></tbody></table>');
    expect(cmsArticle.summary).toBe("<p>概要<strong>重点</strong></p>");
    const preview = await ok(C.previewArticle, articleForm(faq, "预览", { content: "<p>预览<script>x</script></p>" }));
    expect(preview).toMatchObject({ title: "预览", content: "<p>预览</p>", channelCode: "HLQUESTION", channelName: "常见问题" });
  });

  it("refuses a menu under a leaf, a cycle, a kind change of a menu with articles, and deleting a non-empty menu; nothing changes", async () => {
    const before = await menuCount();
    expect(await call(C.menu.create, { parentId: knowHow, name: "叶子下", code: "HLQUESTION" })).toMatchObject({ code: 1001, extraData: { errors: { parentId: HELP_CONTENT_MESSAGES.parentNotGroup } } });
    expect(await call(C.menu.create, { parentId: 999_999, name: "无上级", code: null })).toMatchObject({ code: 1001, extraData: { errors: { parentId: HELP_CONTENT_MESSAGES.parentNotFound } } });
    const inner = await menu(guide, "内层分组", null, false);
    expect(await call(C.menu.update, { id: guide, parentId: inner, name: "存证指南", code: null })).toMatchObject({ code: 1001, extraData: { errors: { parentId: HELP_CONTENT_MESSAGES.parentCycle } } });
    expect(await call(C.menu.update, { id: knowHow, parentId: guide, name: "存证知识", code: "HLLAWCASE" })).toMatchObject({ code: 1001, extraData: { errors: { code: HELP_CONTENT_MESSAGES.kindHasArticles } } });
    expect(await call(C.menu.update, { id: guide, parentId: null, name: "存证指南", code: "HLQUESTION" })).toMatchObject({ code: 1001, extraData: { errors: { code: HELP_CONTENT_MESSAGES.groupHasChildren } } });
    await menu(inner, "草稿叶子", "HLQUESTION", false);
    expect(await call(C.menu.delete, { id: inner })).toMatchObject({ code: 1001, message: HELP_CONTENT_MESSAGES.deleteNotEmpty });
    expect(await menuCount()).toBe(before + 2);
    expect((await ok(C.menu.one, { id: knowHow })).code).toBe("HLEVIDENCE");
    expect((await ok(C.menu.one, { id: guide })).parentId).toBeNull();
  });

  it("refuses an article under a group or a generated kind, and a law case without its fields; nothing is written", async () => {
    const before = await articleCount();
    for (const menuId of [guide, packageLeaf, 999_999]) {
      expect(await call(C.article.create, articleForm(menuId, "错栏目"))).toMatchObject({ code: 1001, extraData: { errors: { menuId: HELP_CONTENT_MESSAGES.articleMenu } } });
    }
    const missing = await call(C.article.create, articleForm(cases, "缺字段", { courtName: "示例法院", judgedOn: "2024-01-01" }));
    expect(missing).toMatchObject({ code: 1001, message: LAW_CASE_FIELDS_MESSAGE });
    expect(Object.keys(missing.extraData.errors).sort()).toEqual(["caseNo", "caseType", "evidenceChannelId"]);
    expect(await call(C.article.create, articleForm(cases, "坏地区", lawCase("2024-01-01", "file", "loan", "999999")))).toMatchObject({ code: 1001, extraData: { errors: { area: HELP_CONTENT_MESSAGES.area } } });
    expect(await call(C.article.update, { id: knowHowIds[0], ...articleForm(packageLeaf, "移到诉讼包") })).toMatchObject({ code: 1001 });
    expect(await articleCount()).toBe(before);
    expect((await ok(C.article.one, { id: knowHowIds[0] })).menuId).toBe(knowHow);
    // Law-case fields are kept only on law cases.
    const plain = await ok(C.article.create, articleForm(faq, "普通文章", lawCase("2024-01-01", "file", "loan", "110000")));
    expect(plain).toMatchObject({ courtName: null, caseNo: null, judgedOn: null, evidenceChannelId: null, caseType: null, area: null });
  });

  it("answers not-found for an unknown menu's update", async () => {
    expect((await call(C.menu.update, { id: 999_999, parentId: null, name: "无", code: null })).code).toBe(ContentCode.notFound);
  });

  it("shows a published edit in search at once", async () => {
    await ok(C.article.update, { id: knowHowIds[4], ...articleForm(knowHow, "知识5", { content: "<p>可信时间戳的用法</p>" }) });
    expect((await ok(P.findArticleLikeKey, { keyName: "时间戳" })).pageP.list.map((hit: any) => hit.articleId)).toEqual([knowHowIds[4]]);
  });
});
