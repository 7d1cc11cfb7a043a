import { z } from "zod";
import { ChainStatsSchema } from "./chain-stats";
import { endpoint } from "./contract";

/**
 * What the chain widgets read (spec §2, §3): the figures of getBlockHeightAndTxCount and, where
 * the answer carries them, the node list (status 1 = online) and the newest transactions. Spec §7
 * pushes the same over the live socket (ChainPushSchema below); the widgets show nothing invented
 * when a list is absent.
 */
export const NODE_STATUS_LABEL = { online: "在线", offline: "离线" } as const;

const ChainNodeSchema = z.object({
  name: z.string().describe("节点名称：账本本身或某个见证者"),
  status: z.number().int().describe("1 = 在线"),
});
export type ChainNode = z.infer<typeof ChainNodeSchema>;

const ChainTxSchema = z.object({
  txHash: z.string().describe("条目哈希（十六进制）"),
  blockHeight: z.number().int().nonnegative().describe("所在区块（检查点）序号"),
  time: z.number().int().describe("写入时间（毫秒）"),
});
export type ChainTx = z.infer<typeof ChainTxSchema>;

const ChainLiveSchema = ChainStatsSchema.extend({
  /** Spec §3: blockHeight is also called blockNum. */
  blockNum: z.number().int().nonnegative().optional(),
  nodeList: z.array(ChainNodeSchema).optional(),
  txList: z.array(ChainTxSchema).optional(),
}).partial({ blockHeight: true, peerCount: true });
export type ChainLive = z.infer<typeof ChainLiveSchema>;

/** getBlockHeightAndTxCount (spec §7): tokenless, read by the chain widgets while the socket is not open. */
export const CHAIN_STATS_ENDPOINT = endpoint({
  method: "GET",
  path: "/extractEvidence/v2/getBlockHeightAndTxCount",
  input: z.object({}),
  datas: ChainLiveSchema,
  session: "tokenless",
  tag: "账本",
  summary: "区块高度（已签发检查点数）、条目数、节点列表（账本及见证者，status 1 = 在线）与最新条目",
});

/** Where the server pushes the chain figures (spec §7 "a live socket connection"), outside /webapi. */
export const CHAIN_SOCKET_PATH = "/ws/chain";

/** One push of the live socket: on connect and after every checkpoint or node status change. */
export const ChainPushSchema = z.object({
  blockInfo: ChainStatsSchema,
  nodeList: z.array(ChainNodeSchema),
  txList: z.array(ChainTxSchema),
});
export type ChainPush = z.infer<typeof ChainPushSchema>;

/** A push in the shape the chain widgets read from getBlockHeightAndTxCount. */
export function chainLiveFromPush({ blockInfo, nodeList, txList }: ChainPush): ChainLive {
  return { ...blockInfo, blockNum: blockInfo.blockHeight, nodeList, txList };
}
