import { useEndpointQuery } from "../../providers/use-endpoint";
import { PURCHASE_ENDPOINTS, type DatedPromotion, type Product } from "../../schema/purchase";

/**
 * The notarisation bundles as the public price list answers them (the server's product_prices,
 * the table the purchase page also reads), and the promotion they share, if any.
 */
export function usePublicBundles(): { bundles: Product[]; promotion: DatedPromotion | null; isLoading: boolean; isError: boolean } {
  const { datas, query } = useEndpointQuery(PURCHASE_ENDPOINTS.publicPrices, {}, { staleTime: 60_000 });
  const bundles = (datas?.list ?? []).filter((product) => product.kind === "bundle");
  return { bundles, promotion: bundles.find((bundle) => bundle.promotion)?.promotion ?? null, isLoading: query.isLoading, isError: query.isError };
}

/** What a price panel says when the price list could not be read. */
export const PRICES_UNAVAILABLE_TEXT = "价格暂时无法获取，请稍后刷新页面重试";
