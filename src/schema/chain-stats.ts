import { z } from "zod";

/**
 * Chain statistics of spec §7 (getBlockHeightAndTxCount: datas.blockHeight, peerCount, txCount).
 * DESIGN.md §6: block height = checkpoints issued, txCount = ledger entries, peerCount = the log plus
 * its configured witnesses. The call itself is CHAIN_STATS_ENDPOINT (chain-live.ts), whose answer
 * adds the node and transaction lists.
 */
export const ChainStatsSchema = z.object({
  blockHeight: z.number().int().nonnegative().describe("已签发的检查点数"),
  peerCount: z.number().int().nonnegative().describe("账本及其见证者的节点数"),
  txCount: z.number().int().nonnegative().describe("账本中的存证条目数"),
});
