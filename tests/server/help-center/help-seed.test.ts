import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HelpCenterRepository } from "../../../server/modules/help-center/help-center.repository.js";
import type { SeedMenu } from "../../../server/modules/help-center/seed/help-seed.types.js";
import { seedHelpCentre } from "../../../server/modules/help-center/seed/seed-help.js";
import { HELP_SEED } from "../../../server/modules/help-center/seed/help-seed.js";
import { HELP_CENTER_ENDPOINTS } from "../../../src/schema/help-center.js";
import { createTestApp, restartTestApp } from "../support/test-app.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database.js";

const article = (title: string) => ({ title, typeName: "存证,证书", brief: `${title}摘要`, summary: "", content: `<p>${title}<script>x()</script></p>`, publishedOn: "2026-01-02" });
const SEED: readonly SeedMenu[] = [
  { name: "新手入门", children: [{ name: "存证知识", code: "HLEVIDENCE", articles: [article("甲"), article("乙")] }, { name: "诉讼包下载", code: "HLSUITPACKAGE" }] },
  {
    name: "司法案例",
    code: "HLLAWCASE",
    articles: [{ ...article("示例案"), courtName: "示例法院", caseNo: "（示例）1号", judgedOn: "2024-05-06", evidenceChannelId: "webpage", caseType: "copyright", area: "110000" }],
  },
];

describe("seeding the help centre", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.dispose());

  it("writes nothing for an empty seed, then seeds once, in order and published, through the console's rules", async () => {
    const db = database.handle.db;
    expect(await seedHelpCentre(db, Date.UTC(2026, 0, 1), [])).toBe(false);
    expect(await seedHelpCentre(db, Date.UTC(2026, 0, 1), SEED)).toBe(true);
    expect(await seedHelpCentre(db, Date.UTC(2026, 0, 2), SEED)).toBe(false);
    const menus = await db.selectFrom("help_menus").select(["name", "code", "state"]).orderBy("id").execute();
    expect(menus).toEqual([
      { name: "新手入门", code: null, state: "published" },
      { name: "存证知识", code: "HLEVIDENCE", state: "published" },
      { name: "诉讼包下载", code: "HLSUITPACKAGE", state: "published" },
      { name: "司法案例", code: "HLLAWCASE", state: "published" },
    ]);
    const articles = await db.selectFrom("help_articles").select(["title", "content", "state", "judged_on", "type_name"]).orderBy("id").execute();
    expect(articles.map((row) => row.title)).toEqual(["甲", "乙", "示例案"]);
    expect(articles.every((row) => row.state === "published" && !row.content.includes("script"))).toBe(true);
    expect(articles[2].judged_on).toBe("2024-05-06");
    const tree = await new HelpCenterRepository(db).menuTree();
    expect(tree.root().children.map((node) => node.name)).toEqual(["新手入门", "司法案例"]);
    const lawCases = await db.selectFrom("help_menus").select("id").where("code", "=", "HLLAWCASE").executeTakeFirstOrThrow();
    expect(tree.leaf(lawCases.id)?.path).toEqual(["司法案例"]);
  });
});

describe("the development content (HELP_SEED) in a started app", () => {
  it("is seeded once at start, every leaf of it in the menu, and searchable; a restart adds nothing", async () => {
    let t = await createTestApp();
    try {
      const count = async () => Number((await t.database.handle.db.selectFrom("help_articles").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()).n);
      const seeded = await count();
      expect(seeded).toBe(HELP_SEED.flatMap(function articlesOf(menu): unknown[] { return "children" in menu ? menu.children.flatMap(articlesOf) : (menu.articles ?? []); }).length);
      const [root] = (await t.call(HELP_CENTER_ENDPOINTS.getHelpCenterList)).json().datas;
      expect(root.children.length).toBe(HELP_SEED.length);
      const found = (await t.call(HELP_CENTER_ENDPOINTS.findArticleLikeKey, { keyName: "存证" })).json().datas.pageP;
      expect(found.totalRow).toBeGreaterThan(0);
      expect(found.list[0].nameList.length).toBeGreaterThan(0);
      t = await restartTestApp(t);
      expect(await count()).toBe(seeded);
    } finally {
      await t.close();
    }
  });
});
