import type { z } from "zod";
import { BANNER_LIMITS, CONTENT_ENDPOINTS, type BannerForm, type ContentEndpoints, type DappForm, type NewsForm } from "../../../schema/console/content";
import { HELP_CONTENT_ENDPOINTS, type HelpArticleForm, type HelpMenuForm } from "../../../schema/console/help-content";
import { NEWS_CHANNEL } from "../../../schema/news";

/**
 * What the console's content screens need to know of each kind of content, beside its registry
 * entry: its calls, its form, which fields are uploaded images, how many rows a repeated field may
 * have, and a new row's starting values.
 */
export interface ContentKind<Form extends Record<string, unknown> = Record<string, unknown>> {
  /** 轮播图 in 新建轮播图, 发布轮播图 … */
  noun: string;
  endpoints: ContentEndpoints;
  form: z.ZodObject;
  /** Fields uploaded as images, as paths of the form ("subImage.path": the `path` of each row of subImage). */
  imageFields: readonly string[];
  /** Rows a repeated field may have. */
  rowLimits?: Readonly<Record<string, number>>;
  /** A new row's form before anything is typed. */
  blank: () => Form;
  /** What a row is called in messages and confirmations. */
  nameOf: (values: Form) => string;
}

/** A kind's calls and form come from its contract (CONTENT_ENDPOINTS, HELP_CONTENT_ENDPOINTS); the rest is its own. */
export function contentKind<Form extends Record<string, unknown>>(
  endpoints: ContentEndpoints,
  noun: string,
  own: Pick<ContentKind<Form>, "blank" | "nameOf"> & Partial<Pick<ContentKind<Form>, "imageFields" | "rowLimits">>,
): ContentKind<Form> {
  return { noun, endpoints, form: endpoints.create.input, imageFields: [], ...own };
}

export const BANNER_KIND = contentKind<BannerForm>(CONTENT_ENDPOINTS.banner, "轮播图", {
  imageFields: ["imageUrl", "subImage.path"],
  rowLimits: { subTitle: BANNER_LIMITS.subTitles, subImage: BANNER_LIMITS.subImages, button: BANNER_LIMITS.buttons },
  blank: () => ({ templateId: 1, title: "", subTitle: [], imageUrl: "", subImage: [], button: [] }),
  nameOf: (banner) => banner.title,
});

export const NEWS_KIND = contentKind<NewsForm>(CONTENT_ENDPOINTS.news, "产品动态", {
  blank: () => ({ title: "", channelCode: NEWS_CHANNEL.code, typeName: "", brief: "", content: "", publishedAt: Date.now() }),
  nameOf: (article) => article.title,
});

export const DAPP_KIND = contentKind<DappForm>(CONTENT_ENDPOINTS.dapp, "相关应用", {
  imageFields: ["menu_logo"],
  blank: () => ({ dapp_name: "", description: "", menu_logo: "", dapp_home_url: "", category: 1, display: 1, width: 240 }),
  nameOf: (dapp) => dapp.dapp_name,
});

export const HELP_MENU_KIND = contentKind<HelpMenuForm>(HELP_CONTENT_ENDPOINTS.menu, "帮助中心栏目", {
  blank: () => ({ parentId: null, name: "", code: null }),
  nameOf: (menu) => menu.name,
});

/** A new article has no menu yet: the editor picks one. */
export const HELP_ARTICLE_KIND = contentKind<Partial<HelpArticleForm>>(HELP_CONTENT_ENDPOINTS.article, "帮助文章", {
  blank: () => ({ title: "", typeName: "", brief: "", content: "", summary: "", publishedAt: Date.now(), courtName: null, caseNo: null, judgedOn: null, evidenceChannelId: null, caseType: null, area: null }),
  nameOf: (article) => article.title ?? "",
});

/** A record's form fields only (a console record also has its id, state, order and times). */
export function formValuesOf(kind: ContentKind, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(kind.form.shape).map((name) => [name, record[name]]));
}
