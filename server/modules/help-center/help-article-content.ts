import type { HelpArticleForm, HelpArticleRecord } from "../../../src/schema/console/help-content.js";
import { formatArticleDate, formatDateTime } from "../../../src/schema/format.js";
import type { HelpArticle, HelpArticleSummary, HelpMenuKind } from "../../../src/schema/help-center.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import { sanitiseHtml } from "../content/html-sanitiser.js";
import { normaliseTags, sanitisedArticleContent } from "../content/news-content.js";
import type { PublicationKind } from "../content/publication/publication-editor.js";
import { publicationFieldsOf } from "../content/publication/publication-fields.js";
import { PublishableTable, type PublishableRow } from "../content/publication/publishable-table.js";

/** Articles of the article leaves: each menu's articles are one ordered list, new ones last. */
export const HELP_ARTICLE_TABLE = new PublishableTable("help_articles", ["menu_id"]);
export type HelpArticleRow = PublishableRow<"help_articles">;

/** The menu an article is shown under: its id, name and kind become the article's channel fields. */
export type ArticleMenu = { id: number; name: string; code: HelpMenuKind };

/**
 * The form as stored: content and summary cleaned by the news articles' sanitiser (content may not
 * end up empty). The law-case fields are the editor's to decide (HelpArticleEditor clears them
 * outside HLLAWCASE menus before this runs).
 */
export const HELP_ARTICLE_KIND: PublicationKind<"help_articles", HelpArticleForm, HelpArticleRecord> = {
  table: HELP_ARTICLE_TABLE,
  newRowsGo: "last",
  scopeOf: (columns) => ({ menu_id: columns.menu_id }),
  toColumns: (form) => ({
    menu_id: form.menuId,
    title: form.title,
    type_name: normaliseTags(form.typeName),
    brief: form.brief,
    summary: sanitiseHtml(form.summary),
    content: sanitisedArticleContent(form.content),
    published_at: form.publishedAt,
    court_name: form.courtName,
    case_no: form.caseNo,
    judged_on: form.judgedOn,
    evidence_channel: form.evidenceChannelId,
    case_type: form.caseType,
    area: form.area,
  }),
  toRecord: (row) => ({
    ...publicationFieldsOf(row),
    menuId: row.menu_id,
    title: row.title,
    typeName: row.type_name,
    brief: row.brief,
    summary: row.summary,
    content: row.content,
    publishedAt: row.published_at,
    courtName: row.court_name,
    caseNo: row.case_no,
    judgedOn: row.judged_on,
    evidenceChannelId: row.evidence_channel as HelpArticleRecord["evidenceChannelId"],
    caseType: row.case_type as HelpArticleRecord["caseType"],
    area: row.area,
  }),
};

type ArticleColumns = Omit<HelpArticleRow, "state" | "sort_order" | "created_at" | "updated_at" | "menu_id">;

/** What the help centre shows of an article under `menu`: a law case's time is its judgment's date. */
export function helpArticleSummaryOf(row: Omit<ArticleColumns, "content">, menu: ArticleMenu): HelpArticleSummary {
  const judgedAt = row.judged_on === null ? null : parseShanghaiDateTime(row.judged_on);
  return {
    articleId: row.id,
    channelId: menu.id,
    channelCode: menu.code,
    channelName: menu.name,
    menuId: menu.id,
    title: row.title,
    typeName: row.type_name,
    brief: row.brief,
    summary: row.summary,
    time: formatArticleDate(judgedAt ?? row.published_at),
    createDate: formatDateTime(row.published_at),
    courtName: row.court_name,
    caseNo: row.case_no,
    evidenceChannelId: row.evidence_channel,
    caseType: row.case_type,
    area: row.area,
  };
}

export function helpArticleOf(row: ArticleColumns, menu: ArticleMenu): HelpArticle {
  return { ...helpArticleSummaryOf(row, menu), content: row.content };
}
