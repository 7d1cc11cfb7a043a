import { useEndpointQuery } from "../../../providers/use-endpoint";
import type { Endpoint, EndpointInput } from "../../../schema/contract";
import { FAQ_SUMMARY_LIMIT, HELP_CENTER_ENDPOINTS, USE_SCENE, type HelpMenuKind, type LawCaseFilter } from "../../../schema/help-center";

/** useEndpointQuery with `datas` undefined until the call has answered (refine hands an empty object meanwhile). */
export function useAnsweredQuery<E extends Endpoint & { method: "GET" }>(endpoint: E, params: EndpointInput<E>, options?: Parameters<typeof useEndpointQuery<E>>[2]) {
  const answer = useEndpointQuery(endpoint, params, options);
  return { ...answer, datas: answer.query.isSuccess ? answer.datas : undefined };
}

/** Law cases are asked for with their filters (useScene 1); every other list of articles with useScene 2 (spec §7). */
export const useSceneOf = (code: HelpMenuKind) => (code === "HLLAWCASE" ? USE_SCENE.lawCase : USE_SCENE.article);

/** One page of a leaf's articles; empty filters are left out rather than sent as "". */
export function useHelpArticles(leaf: { id: number; code: HelpMenuKind }, page: { pageNumber: number; pageSize: number }, filters: Partial<Record<keyof LawCaseFilter, string>> = {}) {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== "")) as LawCaseFilter;
  return useAnsweredQuery(HELP_CENTER_ENDPOINTS.findHelpCenterArticles, { menuId: leaf.id, useScene: useSceneOf(leaf.code), ...page, ...given });
}

/** One article with its neighbours. The breadcrumb and the detail ask with the same key, so it is fetched once. */
export function useHelpArticle(code: HelpMenuKind, articleId: number) {
  return useAnsweredQuery(HELP_CENTER_ENDPOINTS.getHelpCenterArticleInfo, { cmsArticleId: articleId, useScene: useSceneOf(code) });
}

/** The text of a piece of (server-sanitised) HTML, as the FAQ card counts and shows it. */
export function textOfHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return (body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * An FAQ card's summary (spec §2): cut at FAQ_SUMMARY_LIMIT characters with an ellipsis, and only
 * a cut summary makes the card open the detail. Characters are counted as code points, so a rare
 * character outside the BMP is not split.
 */
export function faqSummary(html: string): { text: string; isCut: boolean } {
  const characters = Array.from(textOfHtml(html));
  if (characters.length <= FAQ_SUMMARY_LIMIT) return { text: characters.join(""), isCut: false };
  return { text: `${characters.slice(0, FAQ_SUMMARY_LIMIT).join("")}…`, isCut: true };
}
