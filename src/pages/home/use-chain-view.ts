import { useChainFigures } from "../../providers/use-chain-live";
import { chainViewState, type ChainViewState } from "./chain-view-state";

/** The home page's view of the ledger: pushed over the live socket, polled while it is down (spec §7). */
export function useChainView(): ChainViewState {
  const { data, error, isLoading } = useChainFigures();
  return chainViewState(data, error, isLoading);
}
