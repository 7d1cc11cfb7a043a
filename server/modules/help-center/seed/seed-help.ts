import type { Kysely } from "kysely";
import { HelpArticleFormSchema, type HelpArticleForm } from "../../../../src/schema/console/help-content.js";
import type { Database } from "../../../db/database.js";
import { seedOnce } from "../../../db/seed/seed-demo.js";
import { parseShanghaiDateTime } from "../../../../src/schema/shanghai-time.js";
import { HelpCenterRepository } from "../help-center.repository.js";
import { HelpArticleEditor, HelpMenuEditor } from "../help-content-editors.js";
import type { SeedArticle, SeedLawCase, SeedMenu } from "./help-seed.types.js";

const SEED_MARKER = "help_centre_seeded_at";

/**
 * Seeds the help centre's development content once, as the console would make it: every menu and
 * article created through the console's editors (so their rules and sanitising apply), in order,
 * then published, once (db/seed/seed-demo.ts seedOnce); an empty seed writes no marker, so content
 * added later is still seeded. Answers whether this call seeded.
 */
export async function seedHelpCentre(db: Kysely<Database>, now: number, seed: readonly SeedMenu[]): Promise<boolean> {
  if (seed.length === 0) return false;
  return seedOnce(db, SEED_MARKER, now, async (trx) => {
    const repository = new HelpCenterRepository(trx);
    const menus = new HelpMenuEditor(trx, repository, () => now);
    const articles = new HelpArticleEditor(trx, repository, () => now);
    const seedMenu = async (menu: SeedMenu, parentId: number | null): Promise<void> => {
      const code = "code" in menu ? menu.code : null;
      const { id } = await menus.create({ parentId, name: menu.name, code });
      await menus.publish(id);
      if ("children" in menu) for (const child of menu.children) await seedMenu(child, id);
      if ("articles" in menu) for (const article of menu.articles ?? []) await articles.publish((await articles.create(articleForm(article, id))).id);
    };
    for (const menu of seed) await seedMenu(menu, null);
  });
}

/** The seed's article as the console's form, checked by the same schema (a bad seed stops the start). */
function articleForm(article: SeedArticle | SeedLawCase, menuId: number): HelpArticleForm {
  const lawCase = "courtName" in article ? article : null;
  return HelpArticleFormSchema.parse({
    menuId,
    title: article.title,
    typeName: article.typeName,
    brief: article.brief,
    summary: article.summary,
    content: article.content,
    publishedAt: parseShanghaiDateTime(article.publishedOn),
    courtName: lawCase?.courtName ?? null,
    caseNo: lawCase?.caseNo ?? null,
    judgedOn: lawCase?.judgedOn ?? null,
    evidenceChannelId: lawCase?.evidenceChannelId ?? null,
    caseType: lawCase?.caseType ?? null,
    area: lawCase?.area ?? null,
  });
}
