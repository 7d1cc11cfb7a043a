import { z } from "zod";
import { endpoint } from "./contract";

/**
 * JSON answers of the ledger (DESIGN.md §6) under /webapi, tokenless: anyone may check a proof.
 * Hashes are standard base64 as in checkpoints, except leaf hashes (lowercase hex, as in
 * certificates); proof arrays are in RFC 9162 order. The static C2SP tlog-tiles view of the same
 * log is under /ledger/ (checkpoint, tile/…, vkey) outside /webapi.
 */

export { LEDGER_TILES_PREFIX, LEDGER_VKEY_PATH } from "./ledger-paths";

const base64Hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/).describe("32 字节哈希（标准 base64）");
const treeSize = z.number().int().nonnegative();

const LedgerCheckpointSchema = z.object({
  origin: z.string().describe("日志名称（检查点第一行）"),
  verifierKey: z.string().describe("账本公钥（signed-note 形式 <名称>+<密钥ID>+<公钥>）"),
  blockHeight: z.number().int().nonnegative().describe("区块序号（第 0 块为空树）"),
  treeSize: treeSize.describe("树大小（条目数）"),
  rootHash: base64Hash,
  note: z.string().describe("签名检查点（C2SP signed note 文本）"),
  createdAt: z.number().int().describe("签发时间（毫秒）"),
});

const InclusionProofQuerySchema = z.object({
  index: z.coerce.number().int().nonnegative().describe("条目序号（从 0 起）"),
  treeSize: z.coerce.number().int().positive().optional().describe("证明所对的树大小；缺省为最新检查点"),
});

const InclusionProofSchema = z.object({
  index: z.number().int().nonnegative(),
  treeSize: treeSize,
  leafHash: z.string().regex(/^[0-9a-f]{64}$/).describe("叶哈希 SHA-256(0x00‖条目)，十六进制"),
  proof: z.array(base64Hash).describe("包含证明（RFC 9162 顺序）"),
  checkpoint: z.string().describe("大小为 treeSize 的签名检查点"),
});

const ConsistencyProofQuerySchema = z.object({
  oldSize: z.coerce.number().int().positive().describe("较早的树大小（≥ 1）"),
  newSize: z.coerce.number().int().positive().describe("较新的树大小（≤ 当前树大小）"),
});

const ConsistencyProofSchema = z.object({
  oldSize: treeSize,
  newSize: treeSize,
  proof: z.array(base64Hash).describe("一致性证明（RFC 9162 顺序）"),
});

/** The trusted time of a checkpoint: an RFC 3161 token where a time-stamp authority is configured. */
const CheckpointTimeSchema = z.object({
  timestampAuthority: z.string().nullable().describe("本平台配置的 RFC 3161 时间戳服务地址；未配置为 null"),
  kind: z.enum(["tsa", "platform"]).describe("tsa = 第三方可信时间戳；platform = 平台自身时间"),
  statement: z.string().optional().describe("kind 为 platform 时的说明"),
  tsaUrl: z.string().optional(),
  genTime: z.number().int().optional().describe("时间戳机构给出的时间（毫秒）"),
  token: z.string().optional().describe("RFC 3161 时间戳令牌（DER，base64），消息摘要为检查点根哈希"),
  serialNumber: z.string().optional(),
  treeSize: z.number().int().optional().describe("被时间戳的检查点大小（不小于所查大小）"),
  rootHash: z.string().optional().describe("被时间戳的检查点根哈希（base64）"),
});

const TAG = "账本";

export const LEDGER_ENDPOINTS = {
  getCheckpoint: endpoint({
    method: "GET",
    path: "/ledger/v2/getCheckpoint",
    input: z.object({}),
    datas: LedgerCheckpointSchema,
    session: "tokenless",
    tag: TAG,
    summary: "最新签名检查点及账本公钥",
  }),
  getInclusionProof: endpoint({
    method: "GET",
    path: "/ledger/v2/getInclusionProof",
    input: InclusionProofQuerySchema,
    datas: InclusionProofSchema,
    session: "tokenless",
    tag: TAG,
    summary: "条目的包含证明（RFC 9162），附所对检查点；treeSize 缺省为最新检查点",
  }),
  getConsistencyProof: endpoint({
    method: "GET",
    path: "/ledger/v2/getConsistencyProof",
    input: ConsistencyProofQuerySchema,
    datas: ConsistencyProofSchema,
    session: "tokenless",
    tag: TAG,
    summary: "两个树大小之间的一致性证明（RFC 9162）",
  }),
  /** Answered by the chain module, which holds the time-stamp tokens. */
  getTimestamp: endpoint({
    method: "GET",
    path: "/ledger/v2/getTimestamp",
    input: z.object({ treeSize: z.coerce.number().int().min(0).describe("检查点的树大小") }),
    datas: CheckpointTimeSchema,
    session: "tokenless",
    tag: TAG,
    summary: "检查点的可信时间：RFC 3161 时间戳令牌（若有），否则说明为平台自身时间",
  }),
};
