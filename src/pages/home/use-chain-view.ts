import { useCustom, type HttpError } from "@refinedev/core";
import { CHAIN_STATS_ENDPOINT } from "../../schema/chain-stats";
import type { ChainLive } from "../../schema/chain-live";
import { ResultCode } from "../../schema/envelope";
import { chainViewState, type ChainViewState } from "./chain-view-state";

/** While the ledger answers, its figures are read again this often (the live socket comes later). */
export const CHAIN_REFRESH_MS = 15_000;

/** The home page's view of the ledger, from getBlockHeightAndTxCount (spec §7). */
export function useChainView(): ChainViewState {
  const { result, query } = useCustom<ChainLive>({
    url: CHAIN_STATS_ENDPOINT,
    method: "get",
    queryOptions: {
      // A ledger that is not there (404) will not appear by asking again at once.
      retry: (failures: number, error: HttpError) => error.statusCode !== ResultCode.notFound && failures < 1,
      refetchInterval: (current) => (current.state.error ? false : CHAIN_REFRESH_MS),
    },
  });
  return chainViewState(result.data, query.error, query.isLoading);
}
