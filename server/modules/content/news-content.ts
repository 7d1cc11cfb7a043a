import type { CmsArticleSummary } from "../../../src/schema/common.js";
import type { NewsForm, NewsRecord } from "../../../src/schema/console/content.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatArticleDate, formatDateTime } from "../../../src/schema/format.js";
import { NEWS_CHANNELS, type NewsArticle } from "../../../src/schema/news.js";
import { BusinessError } from "../../http/envelope.js";
import { paragraphOf, sanitiseHtml } from "./html-sanitiser.js";
import type { ContentColumns, PublicationKind } from "./publication/publication-editor.js";
import { publicationFieldsOf } from "./publication/publication-fields.js";
import { PublishableTable, type PublishableRow } from "./publication/publishable-table.js";

/** Articles of every channel; each channel is its own ordered list. New articles go first. */
export const ARTICLE_TABLE = new PublishableTable("cms_articles", ["channel_code"]);
export type ArticleRow = PublishableRow<"cms_articles">;

export const EMPTY_AFTER_SANITISING_MESSAGE = "正文只含不允许的内容（如脚本），清理后为空，请修改后再保存";

/** "存证, 账本，账本" → "存证,账本": tags separated by either comma or 、, blanks and repeats left out. */
export function normaliseTags(typeName: string): string {
  const tags = typeName.split(/[,，、]/).map((tag) => tag.trim()).filter((tag) => tag !== "");
  return [...new Set(tags)].join(",");
}

/** The form as it is stored: the HTML cleaned (html-sanitiser.ts), the summary made from the brief. */
/** An article's body as stored: sanitised, and refused when nothing is left of it. */
export function sanitisedArticleContent(html: string): string {
  const content = sanitiseHtml(html);
  if (content.trim() === "") {
    throw new BusinessError(ResultCode.validationFailed, EMPTY_AFTER_SANITISING_MESSAGE, { errors: { content: EMPTY_AFTER_SANITISING_MESSAGE } });
  }
  return content;
}

export function articleColumnsOf(form: NewsForm): ContentColumns<"cms_articles"> {
  const content = sanitisedArticleContent(form.content);
  const channel = NEWS_CHANNELS[form.channelCode];
  return {
    channel_id: channel.id,
    channel_code: form.channelCode,
    channel_name: channel.name,
    title: form.title,
    type_name: normaliseTags(form.typeName),
    brief: form.brief,
    summary: paragraphOf(form.brief),
    content,
    published_at: form.publishedAt,
  };
}

type ArticleColumns = Pick<ArticleRow, "channel_id" | "channel_code" | "channel_name" | "title" | "type_name" | "brief" | "published_at">;

export function articleSummaryOf(row: ArticleColumns & { id: number }): CmsArticleSummary {
  return {
    articleId: row.id,
    channelId: row.channel_id,
    channelCode: row.channel_code,
    channelName: row.channel_name,
    title: row.title,
    typeName: row.type_name,
    brief: row.brief,
    time: formatArticleDate(row.published_at),
    createDate: formatDateTime(row.published_at),
  };
}

/** The article page's view of a form not yet saved (the console's preview): as it would be stored. */
export function previewArticle(form: NewsForm, articleId = 0): NewsArticle {
  const columns = articleColumnsOf(form);
  return { ...articleSummaryOf({ ...columns, id: articleId }), content: columns.content };
}

export const NEWS_KIND: PublicationKind<"cms_articles", NewsForm, NewsRecord> = {
  table: ARTICLE_TABLE,
  newRowsGo: "first",
  scopeOf: (columns) => ({ channel_code: columns.channel_code }),
  toColumns: articleColumnsOf,
  toRecord: (row) => ({
    ...publicationFieldsOf(row),
    title: row.title,
    channelCode: row.channel_code as NewsForm["channelCode"],
    typeName: row.type_name,
    brief: row.brief,
    content: row.content,
    publishedAt: row.published_at,
  }),
};
