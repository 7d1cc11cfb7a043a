import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { isPostgres } from "../../../server/db/dialect.js";
import { createSearchIndex } from "../../../server/search/create-search-index.js";
import type { SearchCollection, SearchDocument, SearchIndex } from "../../../server/search/search-index.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database.js";

/**
 * The search index on the database of this project (SQLite FTS5 or PostgreSQL full-text search),
 * built directly on a fresh migrated database: Chinese words in varied contexts, AND semantics,
 * ranking, paging, upsert and removal, ref prefixes, and input that must never reach the database
 * as query syntax.
 */
describe("search index", () => {
  let database: TestDatabase;
  let index: SearchIndex;

  const refsOf = async (text: string, more: { collection?: SearchCollection; refPrefixes?: string[] } = {}) => {
    const page = await index.search({ collection: more.collection ?? "help", text, offset: 0, limit: 100, refPrefixes: more.refPrefixes });
    return page.hits.map((hit) => hit.ref);
  };
  const putAll = async (documents: SearchDocument[], collection: SearchCollection = "help") => {
    for (const document of documents) await index.put(collection, document);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    index = createSearchIndex(database.handle.db);
  });
  beforeEach(async () => {
    await index.replaceCollection("help", []);
    await index.replaceCollection("passages", []);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("finds two-character words in varied contexts, and not where the characters only meet across words", async () => {
    await putAll([
      { ref: "a:1", title: "电子存证平台使用说明", body: "介绍平台的基本功能。" },
      { ref: "a:2", title: "证书下载", body: "完成后可下载存证证书。" },
      { ref: "a:3", title: "状态说明", body: "列表中显示已存证的网页。" },
      { ref: "a:4", title: "保存建议", body: "请妥善保存证据原件。" },
      { ref: "a:5", title: "公证服务", body: "可在线申请保全公证。" },
      { ref: "a:6", title: "办理地点", body: "携带材料前往公证处办理。" },
      { ref: "a:7", title: "证件遗失", body: "办公证件遗失后如何补办。" },
    ]);
    expect((await refsOf("存证")).sort()).toEqual(["a:1", "a:2", "a:3"]);
    expect((await refsOf("公证")).sort()).toEqual(["a:5", "a:6"]);
  });

  it("finds three-character words inside longer words and beside others", async () => {
    await putAll([
      { ref: "a:1", title: "区块链存证平台", body: "" },
      { ref: "a:2", title: "节点", body: "平台接入司法区块链节点。" },
      { ref: "a:3", title: "原理", body: "基于区块链的电子存证如何防篡改。" },
      { ref: "a:4", title: "高度", body: "每笔交易记录区块高度。" },
      { ref: "a:5", title: "时间", body: "申请可信时间戳服务后，时间戳验证通过。" },
      { ref: "a:6", title: "时间戳的作用", body: "" },
      { ref: "a:7", title: "期限", body: "在规定时间内提交。" },
    ]);
    expect((await refsOf("区块链")).sort()).toEqual(["a:1", "a:2", "a:3"]);
    expect((await refsOf("时间戳")).sort()).toEqual(["a:5", "a:6"]);
  });

  it("finds words jieba does not know, and Latin words and numbers whatever their width and case", async () => {
    await putAll([
      { ref: "a:1", title: "案情", body: "侵权方李四拒绝删除涉案图片。" },
      { ref: "a:2", title: "纠纷", body: "信息网络传播权纠纷的举证。" },
      { ref: "a:3", title: "校验", body: "系统用SHA-256计算哈希值，并生成PDF证书。" },
    ]);
    expect(await refsOf("侵权方")).toEqual(["a:1"]);
    expect(await refsOf("李四")).toEqual(["a:1"]);
    expect(await refsOf("传播权")).toEqual(["a:2"]);
    expect(await refsOf("sha-256")).toEqual(["a:3"]);
    expect(await refsOf("ＰＤＦ")).toEqual(["a:3"]);
    expect(await refsOf("256")).toEqual(["a:3"]);
  });

  it("needs every word of the query (AND), stop words aside", async () => {
    await putAll([
      { ref: "a:1", title: "区块链存证", body: "存证数据上链。" },
      { ref: "a:2", title: "公证", body: "公证处出具公证书。" },
      { ref: "a:3", title: "区块链与公证", body: "两种方式可以结合使用。" },
    ]);
    expect(await refsOf("区块链 公证")).toEqual(["a:3"]);
    expect(await refsOf("区块链的公证")).toEqual(["a:3"]);
    expect(await refsOf("区块链 公证 录屏")).toEqual([]);
  });

  it("ranks a title hit above a body hit, and more occurrences above fewer", async () => {
    const filler = "平台提供多种服务，操作步骤见下文说明。";
    await putAll([
      { ref: "body", title: "常见问题", body: `${filler}录屏功能可记录操作。${filler}` },
      { ref: "title", title: "录屏功能介绍", body: `${filler}${filler}` },
      { ref: "other", title: "其他", body: filler },
    ]);
    expect(await refsOf("录屏")).toEqual(["title", "body"]);

    await index.replaceCollection("help", [
      { ref: "once", title: "说明一", body: `录屏${filler}${filler}${filler}` },
      { ref: "thrice", title: "说明二", body: `录屏${filler}录屏${filler}录屏${filler}` },
    ]);
    const page = await index.search({ collection: "help", text: "录屏", offset: 0, limit: 10 });
    expect(page.hits.map((hit) => hit.ref)).toEqual(["thrice", "once"]);
    expect(page.hits[0].score).toBeGreaterThan(page.hits[1].score);
  });

  it("pages through every match with the total, best first, and returns the stored text", async () => {
    await putAll(
      Array.from({ length: 25 }, (_, n) => ({ ref: `a:${n}`, title: `第${n}篇`, body: `存证${"说明".repeat(n + 1)}` })),
    );
    const pages = await Promise.all([0, 10, 20, 30].map((offset) => index.search({ collection: "help", text: "存证", offset, limit: 10 })));
    expect(pages.map((page) => page.total)).toEqual([25, 25, 25, 25]);
    expect(pages.map((page) => page.hits.length)).toEqual([10, 10, 5, 0]);
    const refs = pages.flatMap((page) => page.hits.map((hit) => hit.ref));
    expect(new Set(refs).size).toBe(25);
    const scores = pages.flatMap((page) => page.hits.map((hit) => hit.score));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(pages[0].hits[0]).toMatchObject({ ref: "a:0", title: "第0篇", body: "存证说明" });
  });

  it("replaces a document put again under the same ref, and forgets a removed one", async () => {
    await index.put("help", { ref: "a:1", title: "录屏取证", body: "旧的说明" });
    await index.put("help", { ref: "a:1", title: "网页取证", body: "新的说明" });
    expect(await refsOf("录屏")).toEqual([]);
    expect(await refsOf("网页取证")).toEqual(["a:1"]);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_documents WHERE ref = 'a:1'`.execute(database.handle.db);
    expect(Number(rows[0].n)).toBe(1);

    await index.remove("help", "a:1");
    await index.remove("help", "never-indexed");
    expect(await refsOf("取证")).toEqual([]);
    if (!isPostgres(database.handle.db)) {
      const { rows: mirrored } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_fts`.execute(database.handle.db);
      expect(mirrored[0].n).toBe(0);
    }
  });

  it("writes in the caller's transaction when made on one, so the document goes with the row it mirrors", async () => {
    const refused = database.handle.db.transaction().execute(async (trx) => {
      await createSearchIndex(trx).put("help", { ref: "a:1", title: "录屏取证", body: "" });
      throw new Error("the mirrored row was refused");
    });
    await expect(refused).rejects.toThrow("the mirrored row was refused");
    expect(await refsOf("录屏")).toEqual([]);
    await database.handle.db.transaction().execute((trx) => createSearchIndex(trx).put("help", { ref: "a:2", title: "录屏取证", body: "" }));
    expect(await refsOf("录屏")).toEqual(["a:2"]);
  });

  it("keeps collections apart and filters by ref prefixes, taken literally", async () => {
    await putAll([
      { ref: "article:1", title: "存证须知", body: "" },
      { ref: "lawCase:1", title: "存证案例", body: "" },
      { ref: "a%:1", title: "存证其他", body: "" },
    ]);
    await putAll([{ ref: "rule:1", title: "存证规则", body: "" }], "passages");
    expect((await refsOf("存证")).sort()).toEqual(["a%:1", "article:1", "lawCase:1"]);
    expect(await refsOf("存证", { collection: "passages" })).toEqual(["rule:1"]);
    expect((await refsOf("存证", { refPrefixes: ["article:", "lawCase:"] })).sort()).toEqual(["article:1", "lawCase:1"]);
    expect(await refsOf("存证", { refPrefixes: ["a%"] })).toEqual(["a%:1"]);
    expect(await refsOf("存证", { refPrefixes: ["a_"] })).toEqual([]);
    expect(await refsOf("存证", { refPrefixes: [] })).toEqual([]);
  });

  it("makes a collection exactly the documents given", async () => {
    await putAll([
      { ref: "a:1", title: "存证一", body: "" },
      { ref: "a:2", title: "存证二", body: "" },
    ]);
    await index.replaceCollection("help", [
      { ref: "a:2", title: "公证二", body: "" },
      { ref: "a:3", title: "存证三", body: "" },
    ]);
    expect(await refsOf("存证")).toEqual(["a:3"]);
    expect(await refsOf("公证")).toEqual(["a:2"]);
  });

  it("never lets what the user typed become query syntax", async () => {
    await putAll([{ ref: "a:1", title: "存证 OR NEAR 说明", body: "含有引号\"与星号*的文本" }]);
    const hostile = [
      '"', '""', '"存证', "存证\"", "*", "存证*", "OR", "存证 OR", "AND NOT", "NEAR(存证 公证)", "NEAR(", "'", "''", "存证'", "\\", "\\'",
      ":", "title_tokens:存证", "^存证", "-存证", "!存证", "存证 & 公证", "存证 | 公证", "(存证", "存证)", "<->", "🙂", "存证🙂",
      "，。！？、；：“”‘’（）【】《》…—·~!@#$%^&*()_+-=[]{}|;:'\",.<>/?`，。！？、；：“”‘’（）【】",
      "的", "\u0000", "\u200b", " ", "",
    ];
    for (const text of hostile) {
      const page = await index.search({ collection: "help", text, offset: 0, limit: 10 });
      expect(page.total).toBe(page.hits.length);
    }
    expect(await refsOf("\"存证\" OR")).toEqual(["a:1"]);
    expect(await refsOf("NEAR(存证")).toEqual(["a:1"]);
    expect(await refsOf("，。！？、；：“”‘’（）【】《》…—·~!@#$%^&*()_+-=[]{}|;:'\",.<>/?`，。")).toEqual([]);
  });
});
