import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  HELP_CONTENT_MESSAGES,
  LAW_CASE_FIELDS_MESSAGE,
  type HelpArticleForm,
  type HelpArticleRecord,
  type HelpMenuForm,
  type HelpMenuRecord,
} from "../../../src/schema/console/help-content.js";
import type { ContentListQuery, MoveDirection, PublicationFields } from "../../../src/schema/console/publication.js";
import { isHelpArticleKind } from "../../../src/schema/help-center.js";
import type { PageP } from "../../../src/schema/paging.js";
import { getRegionTree } from "../../../src/schema/regions.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import { PublicationEditor, type Change } from "../content/publication/publication-editor.js";
import { HELP_ARTICLE_KIND } from "./help-article-content.js";
import type { HelpCenterRepository } from "./help-center.repository.js";
import { HELP_MENU_KIND } from "./help-menu-content.js";

/**
 * The console's editors of help menus and articles: the generic PublicationEditor, with the help
 * centre's rules checked first inside the same transaction (`db`), so a refused change writes nothing.
 */

function refusal(field: string, message: string): BusinessError {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
}

abstract class CheckedEditor<T extends "help_menus" | "help_articles", Form, Record extends PublicationFields> {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly editor: PublicationEditor<T, Form, Record>,
    protected readonly repository: HelpCenterRepository,
  ) {}

  page(query: ContentListQuery): Promise<PageP<Record>> {
    return this.editor.page(query);
  }
  get(id: number, db: Kysely<Database> = this.db): Promise<Record> {
    return this.editor.get(id, db);
  }
  publish(id: number, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return this.editor.publish(id, db);
  }
  unpublish(id: number, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return this.editor.unpublish(id, db);
  }
  move(id: number, direction: MoveDirection, db: Kysely<Database> = this.db): Promise<Change<Record>> {
    return this.editor.move(id, direction, db);
  }
}

/** Menus: a parent is a group (no code); a menu with children stays a group; a leaf with articles keeps its kind. */
export class HelpMenuEditor extends CheckedEditor<"help_menus", HelpMenuForm, HelpMenuRecord> {
  constructor(db: Kysely<Database>, repository: HelpCenterRepository, now: () => number) {
    super(db, new PublicationEditor(db, HELP_MENU_KIND, now), repository);
  }

  async create(form: HelpMenuForm, db: Kysely<Database> = this.db): Promise<HelpMenuRecord> {
    await this.checkParent(form, null, db);
    return this.editor.create(form, db);
  }

  async update(id: number, form: HelpMenuForm, db: Kysely<Database> = this.db): Promise<Change<HelpMenuRecord>> {
    const before = await this.editor.get(id, db);
    await this.checkParent(form, id, db);
    const children = await this.repository.countChildren(id, db);
    if (form.code !== null && children.menus > 0) throw refusal("code", HELP_CONTENT_MESSAGES.groupHasChildren);
    if (form.code !== before.code && children.articles > 0) throw refusal("code", HELP_CONTENT_MESSAGES.kindHasArticles);
    return this.editor.update(id, form, db);
  }

  async delete(id: number, db: Kysely<Database> = this.db): Promise<Change<HelpMenuRecord>> {
    await this.editor.get(id, db); // an unknown id answers "not found" first
    const children = await this.repository.countChildren(id, db);
    if (children.menus > 0 || children.articles > 0) throw new BusinessError(ResultCode.validationFailed, HELP_CONTENT_MESSAGES.deleteNotEmpty);
    return this.editor.delete(id, db);
  }

  private async checkParent(form: HelpMenuForm, id: number | null, db: Kysely<Database>): Promise<void> {
    if (form.parentId === null) return;
    const parent = await this.repository.findMenu(form.parentId, db);
    if (!parent) throw refusal("parentId", HELP_CONTENT_MESSAGES.parentNotFound);
    if (parent.code !== null) throw refusal("parentId", HELP_CONTENT_MESSAGES.parentNotGroup);
    if (id !== null && (await this.repository.menuTree(db)).isWithin(parent.id, id)) throw refusal("parentId", HELP_CONTENT_MESSAGES.parentCycle);
  }
}

const LAW_CASE_FIELDS = ["courtName", "caseNo", "judgedOn", "evidenceChannelId", "caseType"] as const;
const PROVINCE_IDS = new Set(getRegionTree().map((province) => province.id));

/** Articles: their menu is an article leaf; a law case (HLLAWCASE) has its five fields, other articles none. */
export class HelpArticleEditor extends CheckedEditor<"help_articles", HelpArticleForm, HelpArticleRecord> {
  constructor(db: Kysely<Database>, repository: HelpCenterRepository, now: () => number) {
    super(db, new PublicationEditor(db, HELP_ARTICLE_KIND, now), repository);
  }

  async create(form: HelpArticleForm, db: Kysely<Database> = this.db): Promise<HelpArticleRecord> {
    return this.editor.create(await this.checked(form, db), db);
  }

  async update(id: number, form: HelpArticleForm, db: Kysely<Database> = this.db): Promise<Change<HelpArticleRecord>> {
    await this.editor.get(id, db);
    return this.editor.update(id, await this.checked(form, db), db);
  }

  delete(id: number, db: Kysely<Database> = this.db): Promise<Change<HelpArticleRecord>> {
    return this.editor.delete(id, db);
  }

  /** The form as it may be stored: refused when its menu or law-case fields are wrong. */
  async checked(form: HelpArticleForm, db: Kysely<Database> = this.db): Promise<HelpArticleForm> {
    const menu = await this.repository.findMenu(form.menuId, db);
    if (!menu?.code || !isHelpArticleKind(menu.code)) throw refusal("menuId", HELP_CONTENT_MESSAGES.articleMenu);
    if (menu.code !== "HLLAWCASE") {
      return { ...form, courtName: null, caseNo: null, judgedOn: null, evidenceChannelId: null, caseType: null, area: null };
    }
    const missing = LAW_CASE_FIELDS.filter((field) => form[field] === null || form[field] === "");
    if (missing.length > 0) {
      throw new BusinessError(ResultCode.validationFailed, LAW_CASE_FIELDS_MESSAGE, { errors: Object.fromEntries(missing.map((field) => [field, LAW_CASE_FIELDS_MESSAGE])) });
    }
    if (parseShanghaiDateTime(form.judgedOn ?? "") === null) throw refusal("judgedOn", HELP_CONTENT_MESSAGES.judgedOn);
    if (form.area !== null && form.area !== "" && !PROVINCE_IDS.has(form.area)) throw refusal("area", HELP_CONTENT_MESSAGES.area);
    return { ...form, area: form.area === "" ? null : form.area };
  }
}
