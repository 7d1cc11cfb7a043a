import type { HttpError } from "@refinedev/core";
import type { ChainLive, ChainNode, ChainTx } from "../../schema/chain-live";

/**
 * What the home page's chain panel can honestly say. "empty" is a ledger that has not issued its
 * first checkpoint with entries: there is no block to show. "unavailable" is any failure, which
 * spec §8 keeps silent, so the panel only says it could not read the figures.
 */
export type ChainViewState =
  | { kind: "loading" }
  | { kind: "empty" }
  | { kind: "unavailable" }
  | { kind: "live"; blockHeight: number; peerCount: number; txCount: number; nodes: ChainNode[]; transactions: ChainTx[] };

export function chainViewState(data: ChainLive | undefined, error: HttpError | null, isLoading: boolean): ChainViewState {
  if (error) return { kind: "unavailable" };
  if (isLoading || !data) return { kind: "loading" };
  const blockHeight = data.blockHeight ?? data.blockNum ?? 0;
  if (blockHeight === 0) return { kind: "empty" };
  const nodes = data.nodeList ?? [];
  // Spec §3: the node count is peerCount, or else the length of the node list.
  return { kind: "live", blockHeight, peerCount: data.peerCount ?? nodes.length, txCount: data.txCount, nodes, transactions: data.txList ?? [] };
}
