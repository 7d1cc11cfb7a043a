import { z } from "zod";
import { endpoint } from "../contract";
import { pagePSchema, PageQuerySchema } from "../paging";
import { optionalText } from "../string-rule";
import { optionalFilterDate } from "../time-range";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "./audit-actions";

/**
 * The audit page of the console (issue 13): every operator action (who, what, on which record,
 * before/after, reason), searchable, with where it stands in the transparency log and a fresh
 * check of its inclusion proof.
 */

export const AUDIT_MESSAGES = { notFound: "审计记录不存在" } as const;


export const AuditRecordSchema = z.object({
  id: z.number().int().meta({ title: "记录编号", mono: true }),
  operatorAccount: z.string().meta({ title: "操作员" }),
  action: z.string().meta({ title: "操作", labels: AUDIT_ACTIONS }),
  targetType: z.string().meta({ title: "对象类型", labels: AUDIT_TARGET_TYPES }),
  targetId: z.string().meta({ title: "对象编号", mono: true }),
  targetLabel: z.string().nullable().meta({ title: "对象", row: "ifPresent" }),
  reason: z.string().nullable().meta({ title: "原因", row: "ifPresent", ellipsis: true }),
  createTime: z.number().meta({ title: "操作时间", format: "datetime" }),
  /** Null until the action's entry is in the ledger (moments after; the command line's: within ten minutes). */
  ledgerIndex: z.number().int().nullable().meta({ title: "账本序号", mono: true, empty: "写入中" }),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const InclusionCheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["pass", "fail", "skip"]),
  reason: z.string(),
});

export const AuditRecordDetailSchema = AuditRecordSchema.extend({
  /** The operator's number (null for the command line): part of what the ledger entry commits to. */
  operatorId: z.number().int().nullable().meta({ title: "操作员编号", row: "never" }),
  before: z.unknown().meta({ title: "操作前" }),
  after: z.unknown().meta({ title: "操作后" }),
  ledgerBlock: z.number().int().nullable().meta({ title: "区块高度", row: "ifPresent" }),
  /** The logged entry (canonical JSON); its `meta` is SHA-256 of the record with `salt` (audit-commitment.ts). */
  ledgerEntry: z.string().meta({ title: "账本条目", mono: true }),
  salt: z.string().meta({ title: "承诺盐值", mono: true }),
  /** The inclusion proof checked now against the latest signed checkpoint: ok, or why not (pending: not yet in the ledger). */
  inclusion: z
    .object({ status: z.enum(["verified", "pending", "failed"]), treeSize: z.number().int().nullable(), checks: z.array(InclusionCheckSchema) })
    .meta({ title: "包含证明校验" }),
});
export type AuditRecordDetail = z.infer<typeof AuditRecordDetailSchema>;

export const AuditListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  operatorAccount: optionalText(z.string().trim().max(32, "账号不超过32个字")).meta({ title: "操作员账号", width: 180 }),
  action: optionalText(z.string().trim().max(64, "操作名称不超过64个字")).meta({ title: "操作", labels: AUDIT_ACTIONS, width: 180 }),
  targetType: optionalText(z.string().trim().max(32, "对象类型不超过32个字")).meta({ title: "对象类型", labels: AUDIT_TARGET_TYPES, width: 140 }),
  targetId: optionalText(z.string().trim().max(64, "对象编号不超过64个字")).meta({ title: "对象编号", width: 160 }),
  startTime: optionalFilterDate("操作时间"),
  endTime: optionalFilterDate(),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

const TAG = "运营后台·审计";
const read = { session: "operator", permission: "audit.read", tag: TAG } as const;

export const AUDIT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/listAuditRecords",
    input: AuditListQuerySchema,
    datas: pagePSchema(AuditRecordSchema),
    ...read,
    summary: "操作审计记录（分页 pageP，新的在前），可按操作员账号、操作、对象类型与编号、操作日期 startTime/endTime（YYYY-MM-DD）筛选",
  }),
  one: endpoint({
    method: "GET",
    path: "/console/v2/getAuditRecord",
    input: z.object({ id: z.coerce.number({ error: AUDIT_MESSAGES.notFound }).int().positive(AUDIT_MESSAGES.notFound) }),
    datas: AuditRecordDetailSchema,
    ...read,
    summary: "一条审计记录：操作前后、原因、账本序号与区块，以及其包含证明的当场校验结果",
  }),
};
