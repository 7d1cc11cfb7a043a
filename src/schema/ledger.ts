import { z } from "zod";

/**
 * JSON answers of the ledger (DESIGN.md §6) under /webapi, tokenless: anyone may check a proof.
 * Hashes are standard base64 as in checkpoints, except leaf hashes (lowercase hex, as in
 * certificates); proof arrays are in RFC 9162 order. The static C2SP tlog-tiles view of the same
 * log is under /ledger/ (checkpoint, tile/…, vkey) outside /webapi.
 */
export const LEDGER_ENDPOINTS = {
  getCheckpoint: "/ledger/v2/getCheckpoint",
  getInclusionProof: "/ledger/v2/getInclusionProof",
  getConsistencyProof: "/ledger/v2/getConsistencyProof",
} as const;

/** Static paths of the tlog-tiles view, relative to the site root. */
export const LEDGER_TILES_PREFIX = "/ledger";

const base64Hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/).describe("32 字节哈希（标准 base64）");
const treeSize = z.number().int().nonnegative();

export const LedgerCheckpointSchema = z.object({
  origin: z.string().describe("日志名称（检查点第一行）"),
  verifierKey: z.string().describe("账本公钥（signed-note 形式 <名称>+<密钥ID>+<公钥>）"),
  blockHeight: z.number().int().nonnegative().describe("区块序号（第 0 块为空树）"),
  treeSize: treeSize.describe("树大小（条目数）"),
  rootHash: base64Hash,
  note: z.string().describe("签名检查点（C2SP signed note 文本）"),
  createdAt: z.number().int().describe("签发时间（毫秒）"),
});
export type LedgerCheckpoint = z.infer<typeof LedgerCheckpointSchema>;

export const InclusionProofQuerySchema = z.object({
  index: z.coerce.number().int().nonnegative().describe("条目序号（从 0 起）"),
  treeSize: z.coerce.number().int().positive().optional().describe("证明所对的树大小；缺省为最新检查点"),
});

export const InclusionProofSchema = z.object({
  index: z.number().int().nonnegative(),
  treeSize: treeSize,
  leafHash: z.string().regex(/^[0-9a-f]{64}$/).describe("叶哈希 SHA-256(0x00‖条目)，十六进制"),
  proof: z.array(base64Hash).describe("包含证明（RFC 9162 顺序）"),
  checkpoint: z.string().describe("大小为 treeSize 的签名检查点"),
});
export type InclusionProof = z.infer<typeof InclusionProofSchema>;

export const ConsistencyProofQuerySchema = z.object({
  oldSize: z.coerce.number().int().positive().describe("较早的树大小（≥ 1）"),
  newSize: z.coerce.number().int().positive().describe("较新的树大小（≤ 当前树大小）"),
});

export const ConsistencyProofSchema = z.object({
  oldSize: treeSize,
  newSize: treeSize,
  proof: z.array(base64Hash).describe("一致性证明（RFC 9162 顺序）"),
});
export type ConsistencyProof = z.infer<typeof ConsistencyProofSchema>;
