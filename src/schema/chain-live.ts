import { z } from "zod";
import { ChainStatsSchema } from "./chain-stats";

/**
 * What the home page's chain panel reads (spec §2, §3): the figures of getBlockHeightAndTxCount
 * and, where the answer carries them, the node list (status 1 = online) and the newest
 * transactions. Spec §7 pushes the two lists over the live socket; until that exists the panel
 * takes them from the same answer when present and shows nothing invented when absent.
 */
export const NODE_STATUS_LABEL = { online: "在线", offline: "离线" } as const;

export const ChainNodeSchema = z.object({
  name: z.string().describe("节点名称：账本本身或某个见证者"),
  status: z.number().int().describe("1 = 在线"),
});
export type ChainNode = z.infer<typeof ChainNodeSchema>;

export const ChainTxSchema = z.object({
  txHash: z.string().describe("条目哈希（十六进制）"),
  blockHeight: z.number().int().nonnegative().describe("所在区块（检查点）序号"),
  time: z.number().int().describe("写入时间（毫秒）"),
});
export type ChainTx = z.infer<typeof ChainTxSchema>;

export const ChainLiveSchema = ChainStatsSchema.extend({
  /** Spec §3: blockHeight is also called blockNum. */
  blockNum: z.number().int().nonnegative().optional(),
  nodeList: z.array(ChainNodeSchema).optional(),
  txList: z.array(ChainTxSchema).optional(),
}).partial({ blockHeight: true, peerCount: true });
export type ChainLive = z.infer<typeof ChainLiveSchema>;
