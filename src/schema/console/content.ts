import { z } from "zod";
import { BANNER_TEMPLATE_IDS, DappCategory, type Banner } from "../common";
import { BYTES_PER_MB } from "../constants";
import { endpoint } from "../contract";
import { NEWS_CHANNELS, NewsArticleSchema } from "../news";
import { pagePSchema } from "../paging";
import { hasUnsafeChars, UNSAFE_MULTILINE_TEXT_MESSAGE } from "../stored-name";
import { textRule } from "../string-rule";
import type { UploadRule } from "../upload";
import { isUrlWithScheme } from "../web-address";
import { ContentIdInputSchema, ContentListQuerySchema, MoveInputSchema, PublicationFieldsSchema } from "./publication";

/**
 * The console's content calls (issue 13): the banners of the home carousel, the product news of
 * the ticker and the article pages, and the related applications of the drawer (getDappList).
 * Each kind has the same calls (CONTENT_ENDPOINTS): a paged list with a state filter, one row,
 * create, update, publish, unpublish, delete (drafts only) and move up or down; the rules of their
 * states are in ./publication.ts. The public calls show published rows only, in the console's order.
 */

// ---- Field rules ----

/** Uploaded content images are public by their content hash, served below this path. */
export const CONTENT_IMAGE_URL_PREFIX = "/files/content/";

const UPLOADED_IMAGE_PATH = /^\/files\/content\/[0-9a-f]{64}$/;
/** The artwork shipped with the client (public/assets/images), as the seeded rows name it. */
const SITE_IMAGE_PATH = /^\/assets\/images(?:\/[A-Za-z0-9_-]+)+\.(?:svg|png|jpe?g|webp)$/;
export const CONTENT_IMAGE_PATH_MAX_LENGTH = 300;

export const isUploadedImagePath = (path: string) => UPLOADED_IMAGE_PATH.test(path);
export const isContentImagePath = (path: string) => path.length <= CONTENT_IMAGE_PATH_MAX_LENGTH && (UPLOADED_IMAGE_PATH.test(path) || SITE_IMAGE_PATH.test(path));

/**
 * An image as a stored path (spec §3: "a storage prefix plus path"; the public calls add the
 * prefix): one uploaded through the console, or the site's own artwork.
 */
export const ContentImagePathSchema = textRule({ required: "请上传图片", invalid: "图片地址无效，请重新上传", test: isContentImagePath });

/** Content images: jpg or png by name and by their first bytes, up to 5 MB. */
export const CONTENT_IMAGE_UPLOAD_RULE: UploadRule = {
  extensions: ["jpg", "jpeg", "png"],
  maxBytes: 5 * BYTES_PER_MB,
  messages: { missing: "请选择图片", empty: "请选择图片", format: "图片只能为 jpg、jpeg 或 png 格式" },
};

/** A site-relative path: one slash, then no second slash or backslash (that would leave the site). */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
export const JUMP_URL_MAX_LENGTH = 500;
/** Where a button or card leads: an http(s) address, or a path of this site. */
export const isJumpUrl = (value: string) => value.length <= JUMP_URL_MAX_LENGTH && (SITE_PATH.test(value) || isUrlWithScheme(value));
export const JumpUrlSchema = textRule({
  required: "请输入跳转地址",
  invalid: "跳转地址须以 http:// 或 https:// 开头，或为以 / 开头的本站路径",
  test: isJumpUrl,
});

export const boundedText = (required: string, label: string, maxLength: number) =>
  textRule({ required }).max(maxLength, { error: `${label}不能超过${maxLength}个字符` });

// ---- Banners (spec §3 Banner) ----

export type BannerTemplateId = Banner["templateId"];

/** What each template of the home carousel draws (src/pages/home/banner-layout.ts). */
export const BANNER_TEMPLATES: Record<BannerTemplateId, string> = {
  1: "模板 1：标题居左",
  2: "模板 2：标题居中",
  3: "模板 3：标题居左，下方一排特色图标",
  4: "模板 4：同模板 1",
  5: "模板 5：标题在浅色卡片中",
  7: "模板 7：图片自带文字，只显示按钮",
  8: "模板 8：标题居右",
};

export const BANNER_LIMITS = { buttons: 3, subTitles: 4, subImages: 8, title: 40, subTitle: 80, buttonName: 12 } as const;

export const BannerFormSchema = z.object({
  templateId: z.literal(BANNER_TEMPLATE_IDS, { error: "请选择模板" }).meta({ title: "模板", labels: BANNER_TEMPLATES }),
  title: boundedText("请输入标题", "标题", BANNER_LIMITS.title).meta({ title: "标题" }),
  subTitle: z
    .array(z.object({ title: boundedText("请输入副标题", "副标题", BANNER_LIMITS.subTitle).meta({ title: "副标题" }) }))
    .max(BANNER_LIMITS.subTitles, { error: `副标题最多${BANNER_LIMITS.subTitles}行` })
    .meta({ title: "副标题", labels: { title: "副标题" } }),
  imageUrl: ContentImagePathSchema.meta({ title: "背景图片" }),
  subImage: z
    .array(z.object({ path: ContentImagePathSchema.meta({ title: "特色图标" }) }))
    .max(BANNER_LIMITS.subImages, { error: `特色图标最多${BANNER_LIMITS.subImages}个` })
    .meta({ title: "特色图标", labels: { path: "图片" } }),
  button: z
    .array(
      z.object({
        name: boundedText("请输入按钮文字", "按钮文字", BANNER_LIMITS.buttonName).meta({ title: "按钮文字" }),
        jumpUrl: JumpUrlSchema.meta({ title: "跳转地址" }),
      }),
    )
    .max(BANNER_LIMITS.buttons, { error: `按钮最多${BANNER_LIMITS.buttons}个` })
    .meta({ title: "按钮", labels: { name: "按钮文字", jumpUrl: "跳转地址" } }),
});
export type BannerForm = z.infer<typeof BannerFormSchema>;

export const BannerRecordSchema = PublicationFieldsSchema.extend(BannerFormSchema.shape);
export type BannerRecord = z.infer<typeof BannerRecordSchema>;

// ---- Product news ----

export const NEWS_LIMITS = { title: 100, typeName: 200, brief: 300, content: 100_000 } as const;

const NewsChannelSchema = z.enum(Object.keys(NEWS_CHANNELS) as [keyof typeof NEWS_CHANNELS], { error: "请选择栏目" }).meta({
  title: "栏目",
  labels: Object.fromEntries(Object.entries(NEWS_CHANNELS).map(([code, channel]) => [code, channel.name])),
});

export const NewsFormSchema = z.object({
  title: boundedText("请输入标题", "标题", NEWS_LIMITS.title).meta({ title: "标题" }),
  channelCode: NewsChannelSchema,
  typeName: z
    .string()
    .trim()
    .max(NEWS_LIMITS.typeName, { error: `标签不能超过${NEWS_LIMITS.typeName}个字符` })
    .default("")
    .meta({ title: "标签", placeholder: "多个标签以逗号分隔" }),
  brief: boundedText("请输入摘要", "摘要", NEWS_LIMITS.brief).meta({ title: "摘要" }),
  content: z
    .string({ error: "请输入正文" })
    .trim()
    .min(1, { error: "请输入正文", abort: true })
    .max(NEWS_LIMITS.content, { error: `正文不能超过${NEWS_LIMITS.content}个字符` })
    .refine((value) => !hasUnsafeChars(value, { multiline: true }), { error: UNSAFE_MULTILINE_TEXT_MESSAGE })
    .meta({ title: "正文（HTML）", widget: "textarea" }),
  publishedAt: z.number({ error: "请选择发布时间" }).int().positive({ error: "请选择发布时间" }).meta({ title: "发布时间", format: "datetime" }),
});
export type NewsForm = z.infer<typeof NewsFormSchema>;

/** The stored content is the sanitised HTML, which may be longer than what was typed (entities). */
export const NewsRecordSchema = PublicationFieldsSchema.extend({
  ...NewsFormSchema.shape,
  content: z.string().meta({ title: "正文（HTML）", row: "never" }),
});
export type NewsRecord = z.infer<typeof NewsRecordSchema>;

// ---- Related applications (spec §3 Dapp) ----

export const DAPP_LIMITS = { name: 30, description: 200, minWidth: 120, maxWidth: 720 } as const;
export const DAPP_DISPLAY = { 1: "显示", 0: "隐藏" } as const;

export const DappFormSchema = z.object({
  dapp_name: boundedText("请输入应用名称", "应用名称", DAPP_LIMITS.name).meta({ title: "应用名称" }),
  description: boundedText("请输入应用简介", "应用简介", DAPP_LIMITS.description).meta({ title: "应用简介", widget: "textarea" }),
  menu_logo: ContentImagePathSchema.meta({ title: "图标" }),
  dapp_home_url: JumpUrlSchema.meta({ title: "快速进入地址" }),
  category: z.literal([1, 2, 3, 4], { error: "请选择类别" }).meta({ title: "类别", labels: DappCategory }),
  display: z.literal([0, 1], { error: "请选择是否显示" }).meta({ title: "抽屉中", labels: DAPP_DISPLAY }),
  width: z
    .number({ error: "请输入卡片宽度" })
    .int({ error: "卡片宽度须为整数" })
    .min(DAPP_LIMITS.minWidth, { error: `卡片宽度须在${DAPP_LIMITS.minWidth}-${DAPP_LIMITS.maxWidth}像素之间` })
    .max(DAPP_LIMITS.maxWidth, { error: `卡片宽度须在${DAPP_LIMITS.minWidth}-${DAPP_LIMITS.maxWidth}像素之间` })
    .meta({ title: "卡片宽度（像素）" }),
});
export type DappForm = z.infer<typeof DappFormSchema>;

export const DappRecordSchema = PublicationFieldsSchema.extend(DappFormSchema.shape);
export type DappRecord = z.infer<typeof DappRecordSchema>;

// ---- The calls ----

const TAG = "运营后台·内容";
const ACCESS = { session: "operator", permission: "content.edit", tag: TAG } as const;

interface ContentKind<Form extends z.ZodObject, Record extends z.ZodObject> {
  /** In call names: listBanners, getBanner … */
  one: string;
  many: string;
  /** In summaries: 轮播图. */
  label: string;
  form: Form;
  record: Record;
}

/** The same eight calls for every kind of content; paths below /console/v2, permission content.edit. */
export function contentEndpoints<Form extends z.ZodObject, Record extends z.ZodObject>({ one, many, label, form, record }: ContentKind<Form, Record>) {
  const path = (verb: string) => `/console/v2/${verb}`;
  return {
    list: endpoint({ method: "GET", path: path(`list${many}`), input: ContentListQuerySchema, datas: z.object({ pageP: pagePSchema(record) }), ...ACCESS, summary: `${label}列表：分页，可按状态筛选，按公开展示的顺序` }),
    one: endpoint({ method: "GET", path: path(`get${one}`), input: ContentIdInputSchema, datas: record, ...ACCESS, summary: `一条${label}` }),
    create: endpoint({ method: "POST", path: path(`create${one}`), input: form, datas: record, ...ACCESS, summary: `新建${label}（草稿，发布后才公开）` }),
    update: endpoint({ method: "POST", path: path(`update${one}`), input: form.extend(ContentIdInputSchema.shape), datas: record, ...ACCESS, summary: `修改${label}；已发布的修改立即公开` }),
    publish: endpoint({ method: "POST", path: path(`publish${one}`), input: ContentIdInputSchema, datas: record, ...ACCESS, summary: `发布${label}（草稿或已下线的）` }),
    unpublish: endpoint({ method: "POST", path: path(`unpublish${one}`), input: ContentIdInputSchema, datas: record, ...ACCESS, summary: `下线已发布的${label}` }),
    delete: endpoint({ method: "POST", path: path(`delete${one}`), input: ContentIdInputSchema, datas: z.null(), ...ACCESS, summary: `删除从未发布过的${label}草稿` }),
    move: endpoint({ method: "POST", path: path(`move${one}`), input: MoveInputSchema, datas: record, ...ACCESS, summary: `${label}上移或下移一位` }),
  };
}

export const ContentImageSchema = z.object({ path: z.string().meta({ title: "图片路径" }) });

export const CONTENT_ENDPOINTS = {
  banner: contentEndpoints({ one: "Banner", many: "Banners", label: "轮播图", form: BannerFormSchema, record: BannerRecordSchema }),
  news: contentEndpoints({ one: "NewsArticle", many: "NewsArticles", label: "产品动态", form: NewsFormSchema, record: NewsRecordSchema }),
  dapp: contentEndpoints({ one: "Dapp", many: "Dapps", label: "相关应用", form: DappFormSchema, record: DappRecordSchema }),
  /** The file travels in the multipart field `image`; the answer is the path a form then stores. */
  uploadImage: endpoint({
    method: "POST",
    path: "/console/v2/uploadContentImage",
    input: z.object({}),
    datas: ContentImageSchema,
    multipart: true,
    ...ACCESS,
    summary: "上传轮播图或应用图标（multipart/form-data 字段 image；jpg/png，不超过 5M，按文件内容判断格式），答存储路径",
  }),
  /** The article as the public article page will show it: the content sanitised as it would be stored. */
  previewNews: endpoint({
    method: "POST",
    path: "/console/v2/previewNewsArticle",
    input: NewsFormSchema,
    datas: NewsArticleSchema,
    ...ACCESS,
    summary: "预览产品动态：按保存时的规则清理正文 HTML，答文章页所显示的内容",
  }),
};

export type ContentKindKey = "banner" | "news" | "dapp";
/** The eight calls of one kind of content, whatever its form and record. */
export type ContentEndpoints = ReturnType<typeof contentEndpoints<z.ZodObject, z.ZodObject>>;
