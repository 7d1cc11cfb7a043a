import type { HttpError } from "@refinedev/core";
import { useSyncExternalStore } from "react";
import { CHAIN_STATS_ENDPOINT, type ChainLive } from "../schema/chain-live";
import { chainLiveSocket, type ChainSocketState } from "./chain-live-socket";
import { useEndpointQuery } from "./use-endpoint";

/** While the socket is not open, the figures are read again this often. */
export const CHAIN_REFRESH_MS = 15_000;

const IDLE: ChainSocketState = { status: "idle", data: null };

/** The live socket's state (status and newest push); opens the shared socket while mounted. */
export function useChainLive(): ChainSocketState {
  return useSyncExternalStore(chainLiveSocket.subscribe, chainLiveSocket.getState, () => IDLE);
}

export interface ChainFigures {
  readonly data: ChainLive | undefined;
  readonly error: HttpError | null;
  readonly isLoading: boolean;
  /** The figures come from the open socket (pushed as each block is signed). */
  readonly isLive: boolean;
}

/**
 * The chain figures for the home page and /info/blockChain: pushed over the socket while it is
 * open, otherwise read from getBlockHeightAndTxCount once and then every CHAIN_REFRESH_MS.
 */
export function useChainFigures(): ChainFigures {
  const live = useChainLive();
  const isLive = live.status === "open" && live.data !== null;
  const { datas, query } = useEndpointQuery(
    CHAIN_STATS_ENDPOINT,
    {},
    {
      retry: 1,
      refetchInterval: (current) => (current.state.error || isLive ? false : CHAIN_REFRESH_MS),
    },
  );
  // While the socket reconnects, the last push may still be newer than what the poll read.
  if (isLive || (live.data && (query.error || !datas || isNewer(live.data, datas)))) {
    return { data: live.data!, error: null, isLoading: false, isLive };
  }
  return { data: datas, error: query.error, isLoading: query.isLoading, isLive };
}

/** The ledger only grows: the reading with more blocks (then more entries) is the newer one. */
function isNewer(a: ChainLive, b: ChainLive): boolean {
  const height = (figures: ChainLive) => figures.blockHeight ?? figures.blockNum ?? 0;
  return height(a) !== height(b) ? height(a) > height(b) : a.txCount > b.txCount;
}
