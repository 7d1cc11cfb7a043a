import { z } from "zod";
import { endpoint } from "../contract";
import { CaseTypeSchema, EvidenceChannelSchema, HelpArticleSchema, HelpMenuKindSchema, MenuIdSchema } from "../help-center";
import { boundedText, contentEndpoints, NewsFormSchema } from "./content";
import { PublicationFieldsSchema } from "./publication";

/**
 * The console's help-centre content (issue 19): the menu tree and the articles of its article
 * leaves (存证知识, 司法案例, 常见问题, 用户手册). Both are publishable content with the same eight
 * calls as banners and news (./content.ts contentEndpoints) and the same states (./publication.ts).
 * A menu is a group (no code) under the root or a leaf (a code) under a group or the root; articles
 * belong to a leaf whose code lists articles. Article HTML is sanitised on the server as news is.
 */

export const HELP_MENU_LIMITS = { name: 20 } as const;

export const HelpMenuFormSchema = z.object({
  /** null: directly under the root. */
  parentId: MenuIdSchema.nullable().meta({ title: "上级栏目" }),
  name: boundedText("请输入栏目名称", "栏目名称", HELP_MENU_LIMITS.name).meta({ title: "栏目名称" }),
  /** A leaf's kind; null for a group. */
  code: HelpMenuKindSchema.nullable().meta({ title: "栏目类型" }),
});
export type HelpMenuForm = z.infer<typeof HelpMenuFormSchema>;

export const HelpMenuRecordSchema = PublicationFieldsSchema.extend(HelpMenuFormSchema.shape);
export type HelpMenuRecord = z.infer<typeof HelpMenuRecordSchema>;

export const HELP_ARTICLE_LIMITS = { courtName: 60, caseNo: 60, summary: 2000 } as const;

/** Where the law-case fields are required: an article of an HLLAWCASE leaf (checked on the server, which knows the menu). */
export const LAW_CASE_FIELDS_MESSAGE = "司法案例须填写法院、案号、裁判日期、取证渠道和案件类型";

export const HelpArticleFormSchema = NewsFormSchema.omit({ channelCode: true }).extend({
  menuId: MenuIdSchema.meta({ title: "所属栏目" }),
  summary: z
    .string()
    .trim()
    .max(HELP_ARTICLE_LIMITS.summary, { error: `概要不能超过${HELP_ARTICLE_LIMITS.summary}个字符` })
    .default("")
    .meta({ title: "概要（HTML，常见问题卡片显示）", widget: "textarea" }),
  courtName: z.string().trim().max(HELP_ARTICLE_LIMITS.courtName).nullable().default(null).meta({ title: "审理法院" }),
  caseNo: z.string().trim().max(HELP_ARTICLE_LIMITS.caseNo).nullable().default(null).meta({ title: "案号" }),
  /** YYYY-MM-DD; the law case's `time`. */
  judgedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "裁判日期格式为 YYYY-MM-DD").nullable().default(null).meta({ title: "裁判日期" }),
  evidenceChannelId: EvidenceChannelSchema.nullable().default(null).meta({ title: "取证渠道" }),
  caseType: CaseTypeSchema.nullable().default(null).meta({ title: "案件类型" }),
  area: z.string().max(12).nullable().default(null).meta({ title: "地区（省份）" }),
});
export type HelpArticleForm = z.infer<typeof HelpArticleFormSchema>;

export const HelpArticleRecordSchema = PublicationFieldsSchema.extend({
  ...HelpArticleFormSchema.shape,
  content: z.string().meta({ title: "正文（HTML）", row: "never" }),
});
export type HelpArticleRecord = z.infer<typeof HelpArticleRecordSchema>;

/** Why the console refuses a menu or an article (the tree's and the menus' rules, checked on the server). */
export const HELP_CONTENT_MESSAGES = {
  parentNotFound: "上级栏目不存在",
  parentNotGroup: "上级栏目须为分组（不设栏目类型的栏目）",
  parentCycle: "不能把栏目移到它自己或其下级栏目之下",
  groupHasChildren: "该栏目下还有子栏目，只能作为分组（不设栏目类型）",
  kindHasArticles: "该栏目下已有文章，不能更改栏目类型",
  deleteNotEmpty: "该栏目下还有栏目或文章，不能删除",
  articleMenu: "所属栏目须为存证知识、司法案例、常见问题或用户手册栏目",
  area: "地区须为省份",
  judgedOn: "裁判日期不是有效日期",
} as const;

/** The help centre's kinds as the audit trail names them ("helpArticle.publish" …), beside ContentKindKey's. */
export type HelpContentKindKey = "helpMenu" | "helpArticle";

const TAG = "运营后台·内容";
const ACCESS = { session: "operator", permission: "content.edit", tag: TAG } as const;

export const HELP_CONTENT_ENDPOINTS = {
  menu: contentEndpoints({ one: "HelpMenu", many: "HelpMenus", label: "帮助中心栏目", form: HelpMenuFormSchema, record: HelpMenuRecordSchema }),
  article: contentEndpoints({ one: "HelpArticle", many: "HelpArticles", label: "帮助文章", form: HelpArticleFormSchema, record: HelpArticleRecordSchema }),
  previewArticle: endpoint({
    method: "POST",
    path: "/console/v2/previewHelpArticle",
    input: HelpArticleFormSchema,
    datas: HelpArticleSchema,
    ...ACCESS,
    summary: "预览帮助文章：按保存时的规则清理正文 HTML，答帮助中心所显示的内容",
  }),
};
