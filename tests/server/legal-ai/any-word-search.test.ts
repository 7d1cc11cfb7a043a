import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchIndex } from "../../../server/search/create-search-index.js";
import type { SearchIndex } from "../../../server/search/search-index.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database.js";

/**
 * The search index's `match: "any"` (the legal assistant's fallback), on this project's database:
 * a question no passage holds whole still finds the passages holding some of its words, those
 * with more of them first; stop words alone match nothing.
 */
describe("search index, any word", () => {
  let database: TestDatabase;
  let index: SearchIndex;
  const search = (text: string, match?: "all" | "any") => index.search({ collection: "passages", text, offset: 0, limit: 10, ...(match ? { match } : {}) });

  beforeAll(async () => {
    database = await createTestDatabase();
    index = createSearchIndex(database.handle.db);
    await index.replaceCollection("passages", [
      { ref: "a#1", title: "存证证书", body: "存证证书记载证书编号、持有人和存证时间。" },
      { ref: "b#1", title: "公证", body: "公证机构对事实进行证明，公证书可以作为证据。" },
      { ref: "c#1", title: "区块链", body: "区块链存证的聊天记录截图经核验一致，法院予以采信，公证书也一并提交。" },
      { ref: "d#1", title: "租赁", body: "房屋租赁合同约定押金数额。" },
    ]);
  });
  afterAll(async () => {
    await database.handle.db.destroy();
    await database.dispose();
  });

  it("finds passages holding any word of a question none holds whole, more words first", async () => {
    const question = "聊天记录截图和公证书能否被仲裁庭采信";
    expect((await search(question)).total).toBe(0);
    const page = await search(question, "any");
    expect(page.hits.map((hit) => hit.ref)).toEqual(["c#1", "b#1"]);
    expect(page.total).toBe(2);
    // Two-character words alone, and the default stays every word.
    expect((await search("存证 押金", "any")).hits.map((hit) => hit.ref).sort()).toEqual(["a#1", "c#1", "d#1"]);
    expect((await search("存证 押金")).total).toBe(0);
    expect((await search("能否的吗", "any")).total).toBe(0);
  });
});
