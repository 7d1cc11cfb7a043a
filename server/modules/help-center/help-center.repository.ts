import type { Kysely } from "kysely";
import type { LawCaseFilter } from "../../../src/schema/help-center.js";
import type { Database } from "../../db/database.js";
import { HELP_ARTICLE_TABLE, type HelpArticleRow } from "./help-article-content.js";
import { HelpMenuTree } from "./help-menu-tree.js";

/** Law-case filters on the database's columns (keyName is the search index's). */
export type ArticleFilter = Omit<LawCaseFilter, "keyName"> & { ids?: readonly number[] };

/**
 * Reads of the help centre's own tables. Every call takes the database or a transaction (`db`), so
 * the console's rule checks see the rows of the change they are part of.
 */
export class HelpCenterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every menu, published or not, in listing order: menus are few, so the tree is built in memory. */
  async menuTree(db: Kysely<Database> = this.db): Promise<HelpMenuTree> {
    const rows = await db.selectFrom("help_menus").select(["id", "parent_id", "name", "code", "state"]).orderBy("sort_order").orderBy("id").execute();
    return new HelpMenuTree(rows.map((row) => ({ id: row.id, parent_id: row.parent_id, name: row.name, code: row.code, published: row.state === "published" })));
  }

  async findMenu(id: number, db: Kysely<Database> = this.db) {
    return db.selectFrom("help_menus").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async countChildren(menuId: number, db: Kysely<Database> = this.db): Promise<{ menus: number; articles: number }> {
    const [menus, articles] = await Promise.all([
      db.selectFrom("help_menus").select((eb) => eb.fn.countAll<string | number>().as("count")).where("parent_id", "=", menuId).executeTakeFirstOrThrow(),
      db.selectFrom("help_articles").select((eb) => eb.fn.countAll<string | number>().as("count")).where("menu_id", "=", menuId).executeTakeFirstOrThrow(),
    ]);
    // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
    return { menus: Number(menus.count), articles: Number(articles.count) };
  }

  private published(menuIds: readonly number[], filter: ArticleFilter = {}) {
    let query = this.db.selectFrom("help_articles").where("state", "=", "published").where("menu_id", "in", menuIds.length > 0 ? menuIds : [0]);
    if (filter.ids) query = query.where("id", "in", filter.ids.length > 0 ? filter.ids : [0]);
    if (filter.startTime) query = query.where("judged_on", ">=", filter.startTime);
    if (filter.endTime) query = query.where("judged_on", "<=", filter.endTime);
    if (filter.evidenceChannelId) query = query.where("evidence_channel", "=", filter.evidenceChannelId);
    if (filter.caseType) query = query.where("case_type", "=", filter.caseType);
    if (filter.area) query = query.where("area", "=", filter.area);
    return query;
  }

  /** One page of a menu's published articles in list order. */
  async page(menuId: number, filter: ArticleFilter, offset: number, limit: number): Promise<{ rows: HelpArticleRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.published([menuId], filter).selectAll().orderBy("sort_order").orderBy("id").offset(offset).limit(limit).execute(),
      this.published([menuId], filter).select((eb) => eb.fn.countAll<string | number>().as("count")).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as HelpArticleRow[], total: Number(count.count) };
  }

  /** The published articles among `ids` that belong to one of `menuIds` and pass `filter`, in no order. */
  async among(ids: readonly number[], menuIds: readonly number[], filter: ArticleFilter = {}): Promise<HelpArticleRow[]> {
    if (ids.length === 0) return [];
    return (await this.published(menuIds, { ...filter, ids }).selectAll().execute()) as HelpArticleRow[];
  }

  /** Every published article of `menuIds`, in each menu's order. */
  async allOf(menuIds: readonly number[]): Promise<HelpArticleRow[]> {
    return (await this.published(menuIds).selectAll().orderBy("menu_id").orderBy("sort_order").orderBy("id").execute()) as HelpArticleRow[];
  }

  async ofMenus(menuIds: readonly number[]): Promise<number[]> {
    if (menuIds.length === 0) return [];
    const rows = await this.db.selectFrom("help_articles").select("id").where("menu_id", "in", menuIds).execute();
    return rows.map((row) => row.id);
  }

  async findArticle(id: number): Promise<HelpArticleRow | undefined> {
    return (await this.db.selectFrom("help_articles").selectAll().where("id", "=", id).executeTakeFirst()) as HelpArticleRow | undefined;
  }

  neighbour(row: HelpArticleRow, direction: "previous" | "next") {
    return HELP_ARTICLE_TABLE.publishedNeighbour(this.db, row, direction);
  }
}
