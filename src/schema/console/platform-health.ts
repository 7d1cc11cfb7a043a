import { z } from "zod";
import { endpoint } from "../contract";
import type { SessionKind } from "../session";

/**
 * The platform's health as an operator sees it (issue 13): the ledger and its chain of trust
 * (witnesses, TSA), the job queues and their failed jobs, the blob store's disk, the database, the process
 * and live sessions. Every figure is read from the module that owns it; one that cannot be known
 * is null, and the page says so rather than showing a guess. Queue depths, TSA errors and the
 * process figures are this process's own (several replicas on PostgreSQL each have their own).
 */

/**
 * A checkpoint older than this while entries wait for a block means the ledger has stopped
 * integrating (blocks normally close within half a second): the page marks it.
 */
export const STALE_CHECKPOINT_SECONDS = 10 * 60;

export const LedgerHealthSchema = z.object({
  origin: z.string().meta({ title: "账本名称" }),
  signerKeyId: z.string().meta({ title: "签名密钥 ID" }),
  treeSize: z.number().int().nonnegative().meta({ title: "账本条目数" }),
  blockHeight: z.number().int().nonnegative().meta({ title: "区块高度" }),
  /** Null only before the first checkpoint is stored (the ledger signs the empty tree at its first start). */
  lastCheckpointAt: z.number().int().nullable().meta({ title: "最新检查点时间", format: "datetime" }),
  checkpointAgeSeconds: z.number().int().nonnegative().nullable().meta({ title: "最新检查点距今" }),
  pendingEntries: z.number().int().nonnegative().meta({ title: "等待写入区块的条目" }),
});
export type LedgerHealth = z.infer<typeof LedgerHealthSchema>;

export const WitnessHealthSchema = z.object({
  name: z.string().meta({ title: "见证者" }),
  /** Null: the witness running inside this process. */
  url: z.string().nullable().meta({ title: "地址" }),
  isOnline: z.boolean().meta({ title: "状态" }),
  cosignedSize: z.number().int().nonnegative().nullable().meta({ title: "已连署的树大小" }),
  lastCosignedAt: z.number().int().nullable().meta({ title: "最近连署时间", format: "datetime" }),
  lastError: z.string().nullable().meta({ title: "最近错误" }),
});
export type WitnessHealth = z.infer<typeof WitnessHealthSchema>;

export const TsaHealthSchema = z.object({
  /** Null: no TSA configured; certificates then state that the time is the platform's own. */
  url: z.string().nullable().meta({ title: "时间戳服务地址" }),
  lastToken: z.object({ treeSize: z.number().int().nonnegative(), genTime: z.number().int() }).nullable().meta({ title: "最近时间戳" }),
  /** The newest failed request of this process since it started. */
  lastError: z.object({ message: z.string(), at: z.number().int() }).nullable().meta({ title: "最近错误" }),
});
export type TsaHealth = z.infer<typeof TsaHealthSchema>;

export const QueueHealthSchema = z.object({
  key: z.string(),
  name: z.string().meta({ title: "队列" }),
  waiting: z.number().int().nonnegative().meta({ title: "等待" }),
  running: z.number().int().nonnegative().meta({ title: "进行中" }),
  /** Jobs that ran out of tries: in Redis (shared by every process) or, in-process, since this process started. */
  failed: z.number().int().nonnegative().meta({ title: "失败" }),
});
export type QueueHealth = z.infer<typeof QueueHealthSchema>;

/** How many failed jobs the page lists (newest first); the queue's count says how many there are. */
export const FAILED_JOBS_SHOWN = 50;

/** A job that ran out of tries (a dead letter): its row waits where the failure left it until an operator retries. */
export const FailedJobSchema = z.object({
  queue: z.string().meta({ title: "队列标识" }),
  queueName: z.string().meta({ title: "队列" }),
  rowId: z.number().int().positive().meta({ title: "记录编号" }),
  attempts: z.number().int().nonnegative().meta({ title: "已尝试次数" }),
  lastError: z.string().meta({ title: "最近错误" }),
  failedAt: z.number().int().meta({ title: "失败时间", format: "datetime" }),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

export const JOB_MESSAGES = {
  notFailed: "该任务不在失败列表中（可能已被重试或已完成），请刷新后查看",
} as const;

export const BlobStoreHealthSchema = z.object({
  bytesUsed: z.number().int().nonnegative().meta({ title: "已用空间", format: "bytes" }),
  fileCount: z.number().int().nonnegative().meta({ title: "文件数" }),
  /** The store is walked at most once a minute; this is when the figures above were taken. */
  measuredAt: z.number().int().meta({ title: "统计时间", format: "datetime" }),
  /** Null when the file system does not say (statfs failed). */
  freeBytes: z.number().int().nonnegative().nullable().meta({ title: "所在磁盘可用空间", format: "bytes" }),
  totalBytes: z.number().int().nonnegative().nullable().meta({ title: "所在磁盘总空间", format: "bytes" }),
});
export type BlobStoreHealth = z.infer<typeof BlobStoreHealthSchema>;

export const DATABASE_DIALECT_LABELS = { sqlite: "SQLite（内嵌）", postgres: "PostgreSQL" } as const;

export const DatabaseHealthSchema = z.object({
  dialect: z.enum(["sqlite", "postgres"]).meta({ title: "数据库", labels: DATABASE_DIALECT_LABELS }),
  /** Null when the database would not say (PostgreSQL without the right to read its size). */
  sizeBytes: z.number().int().nonnegative().nullable().meta({ title: "数据库大小", format: "bytes" }),
});
export type DatabaseHealth = z.infer<typeof DatabaseHealthSchema>;

export const ProcessHealthSchema = z.object({
  uptimeSeconds: z.number().int().nonnegative().meta({ title: "进程已运行" }),
  rssBytes: z.number().int().nonnegative().meta({ title: "常驻内存", format: "bytes" }),
  heapUsedBytes: z.number().int().nonnegative().meta({ title: "堆已用", format: "bytes" }),
  heapTotalBytes: z.number().int().nonnegative().meta({ title: "堆总量", format: "bytes" }),
  nodeVersion: z.string().meta({ title: "Node.js 版本" }),
});
export type ProcessHealth = z.infer<typeof ProcessHealthSchema>;

export const SESSION_KIND_LABELS: Record<SessionKind, string> = {
  user: "客户",
  notary: "公证处人员",
  operator: "操作员",
  operatorPending: "操作员（待二次验证）",
};
const SESSION_KINDS = Object.keys(SESSION_KIND_LABELS) as [SessionKind, ...SessionKind[]];

export const SessionCountSchema = z.object({
  kind: z.enum(SESSION_KINDS).meta({ title: "会话类型", labels: SESSION_KIND_LABELS }),
  live: z.number().int().nonnegative().meta({ title: "在线会话" }),
});

export const PlatformHealthSchema = z.object({
  /** When the server put the overview together (its own clock: ages are measured from it). */
  generatedAt: z.number().int(),
  ledger: LedgerHealthSchema,
  witnesses: z.array(WitnessHealthSchema),
  tsa: TsaHealthSchema,
  queues: z.array(QueueHealthSchema),
  failedJobs: z.array(FailedJobSchema),
  blobStore: BlobStoreHealthSchema,
  database: DatabaseHealthSchema,
  process: ProcessHealthSchema,
  sessions: z.array(SessionCountSchema),
});
export type PlatformHealth = z.infer<typeof PlatformHealthSchema>;

/** The ledger has entries waiting and has not closed a block for STALE_CHECKPOINT_SECONDS. */
export function isCheckpointStale(ledger: Pick<LedgerHealth, "checkpointAgeSeconds" | "pendingEntries">): boolean {
  return ledger.pendingEntries > 0 && ledger.checkpointAgeSeconds !== null && ledger.checkpointAgeSeconds > STALE_CHECKPOINT_SECONDS;
}

export const PLATFORM_HEALTH_ENDPOINTS = {
  overview: endpoint({
    method: "GET",
    path: "/console/v2/platformHealth",
    input: z.object({}),
    datas: PlatformHealthSchema,
    session: "operator",
    permission: "platform.health",
    tag: "运营后台·平台状态",
    summary: "平台运行状态：账本与检查点、见证者、可信时间戳、任务队列与失败任务、存储空间、数据库、进程与在线会话",
  }),
  retryFailedJob: endpoint({
    method: "POST",
    path: "/console/v2/retryFailedJob",
    input: z.object({
      queue: z.string({ error: "请指定队列" }).min(1, "请指定队列").max(100, "队列标识不能超过 100 个字符"),
      rowId: z.coerce.number({ error: "记录编号必须是正整数" }).int("记录编号必须是正整数").positive("记录编号必须是正整数"),
    }),
    datas: z.object({ queue: z.string(), rowId: z.number().int() }),
    session: "operator",
    permission: "platform.jobs",
    tag: "运营后台·平台状态",
    summary: "重试一个失败的后台任务（死信）：任务回到等待队列，由处理进程从中断处继续，记入操作审计",
  }),
};
