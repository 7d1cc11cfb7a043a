import type { WebapiResourceMeta } from "../../../providers/data-provider";
import { NEWS_ENDPOINTS } from "../../../schema/news";

/** The product-news resource for refine's useList/useOne; public calls, no token. */
export const NEWS_RESOURCE = "news";

export const NEWS_META: WebapiResourceMeta = {
  endpoints: { list: NEWS_ENDPOINTS.list, one: NEWS_ENDPOINTS.detail },
  idParam: "articleId",
};
