import { TICKER_DUPLICATE_BELOW } from "../../schema/constants";
import type { CmsArticleSummary } from "../../schema/common";

/**
 * Spec §9: a ticker with fewer than three items repeats its list, so that there is always
 * something to scroll to; an empty list stays empty.
 */
export function tickerItems<T>(items: readonly T[]): T[] {
  const isShort = items.length > 0 && items.length < TICKER_DUPLICATE_BELOW;
  return isShort ? [...items, ...items] : [...items];
}

/** createDate is "YYYY-MM-DD HH:mm:ss", so text order is time order. */
export function sortNewestFirst(articles: readonly CmsArticleSummary[]): CmsArticleSummary[] {
  return [...articles].sort((a, b) => (a.createDate < b.createDate ? 1 : a.createDate > b.createDate ? -1 : 0));
}
