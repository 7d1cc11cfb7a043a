import type { BannerForm, DappForm, NewsForm } from "../../../../src/schema/console/content.js";
import type { HelpArticleForm, HelpMenuForm } from "../../../../src/schema/console/help-content.js";
import type { ContentSubject } from "./audited-content.service.js";

/** How the audit trail names each kind of content, and where each form names uploaded images. */

export const BANNER_SUBJECT: ContentSubject<BannerForm> = {
  type: "banner",
  labelOf: (banner) => banner.title,
  imagesOf: (form) => ({ imageUrl: form.imageUrl, ...Object.fromEntries(form.subImage.map((image, index) => [`subImage.${index}.path`, image.path])) }),
};

export const NEWS_SUBJECT: ContentSubject<NewsForm> = {
  type: "news",
  labelOf: (article) => article.title,
  imagesOf: () => ({}),
};

export const DAPP_SUBJECT: ContentSubject<DappForm> = {
  type: "dapp",
  labelOf: (dapp) => dapp.dapp_name,
  imagesOf: (form) => ({ menu_logo: form.menu_logo }),
};

export const HELP_MENU_SUBJECT: ContentSubject<HelpMenuForm> = {
  type: "helpMenu",
  labelOf: (menu) => menu.name,
  imagesOf: () => ({}),
};

/** Images in an article's HTML are checked by the sanitiser (this site's paths only), as in news. */
export const HELP_ARTICLE_SUBJECT: ContentSubject<HelpArticleForm> = {
  type: "helpArticle",
  labelOf: (article) => article.title,
  imagesOf: () => ({}),
};
