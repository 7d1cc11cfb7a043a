import type { z } from "zod";
import { BANNER_LIMITS, CONTENT_ENDPOINTS, type BannerForm, type ContentKindKey, type DappForm, type NewsForm } from "../../../schema/console/content";
import { NEWS_CHANNEL } from "../../../schema/news";

/**
 * What the console's content screens need to know of each kind of content, beside its registry
 * entry: its calls, its form, which fields are uploaded images, how many rows a repeated field may
 * have, and a new row's starting values.
 */
export interface ContentKind<Form extends Record<string, unknown> = Record<string, unknown>> {
  key: ContentKindKey;
  /** 轮播图 in 新建轮播图, 发布轮播图 … */
  noun: string;
  endpoints: (typeof CONTENT_ENDPOINTS)[ContentKindKey];
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

/** A kind's calls and form come from its contract (CONTENT_ENDPOINTS); the rest is its own. */
function contentKind<Form extends Record<string, unknown>>(key: ContentKindKey, noun: string, own: Pick<ContentKind<Form>, "blank" | "nameOf"> & Partial<Pick<ContentKind<Form>, "imageFields" | "rowLimits">>): ContentKind<Form> {
  const endpoints = CONTENT_ENDPOINTS[key];
  return { key, noun, endpoints, form: endpoints.create.input, imageFields: [], ...own };
}

export const BANNER_KIND = contentKind<BannerForm>("banner", "轮播图", {
  imageFields: ["imageUrl", "subImage.path"],
  rowLimits: { subTitle: BANNER_LIMITS.subTitles, subImage: BANNER_LIMITS.subImages, button: BANNER_LIMITS.buttons },
  blank: () => ({ templateId: 1, title: "", subTitle: [], imageUrl: "", subImage: [], button: [] }),
  nameOf: (banner) => banner.title,
});

export const NEWS_KIND = contentKind<NewsForm>("news", "产品动态", {
  blank: () => ({ title: "", channelCode: NEWS_CHANNEL.code, typeName: "", brief: "", content: "", publishedAt: Date.now() }),
  nameOf: (article) => article.title,
});

export const DAPP_KIND = contentKind<DappForm>("dapp", "相关应用", {
  imageFields: ["menu_logo"],
  blank: () => ({ dapp_name: "", description: "", menu_logo: "", dapp_home_url: "", category: 1, display: 1, width: 240 }),
  nameOf: (dapp) => dapp.dapp_name,
});

/** A record's form fields only (a console record also has its id, state, order and times). */
export function formValuesOf(kind: ContentKind, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(kind.form.shape).map((name) => [name, record[name]]));
}
