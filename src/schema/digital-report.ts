import { z } from "zod";
import { endpoint } from "./contract";
import { EvidenceKindSchema } from "./evidence-entry";
import { pagePSchema, pageQuerySchema } from "./paging";
import { freeText, optionalText } from "./string-rule";
import { optionalFilterDate } from "./time-range";

/**
 * The digital report 数据检验报告 (/judicial/digitalReport; issue 17): for 1–50 pieces of the
 * holder's stored evidence the platform re-runs every check a court would make — digests recomputed
 * from the stored bytes, the ledger entry's inclusion under the latest signed checkpoint and that
 * checkpoint's consistency with the one of the entry's own block, witness cosignatures, the TSA
 * token, and for captures and recordings their package and capture process — and issues the
 * results as a PDF. The PDF is itself stored as evidence (kind digitalReport), so it has its own
 * certificate number and certificate, and embeds each checked entry with its tlog-proof.
 */

// ---- limits and messages ----

export const DIGITAL_REPORT_MAX_ITEMS = 50;
/** Reports a user may have issued per Shanghai calendar day: generating one reads every stored byte of up to 50 pieces of evidence. */
export const DIGITAL_REPORT_DAILY_LIMIT = 20;
export const DIGITAL_REPORT_NAME_MAX = 50;
export const DIGITAL_REPORT_PURPOSE_MAX = 200;
export const DIGITAL_REPORT_DEFAULT_NAME = "数据检验报告";

export const DIGITAL_REPORT_MESSAGES = {
  noItems: "请选择要检验的证据",
  tooManyItems: `一份报告最多检验${DIGITAL_REPORT_MAX_ITEMS}条证据`,
  duplicateItems: "所选证据有重复",
  unknownItems: "所选证据不存在或不属于您",
  notStored: (name: string) => `证据“${name}”尚未完成存证上链，暂不能检验`,
  dailyLimit: `每个账号每天最多生成${DIGITAL_REPORT_DAILY_LIMIT}份数据检验报告，请明天再试`,
  ledgerEmpty: "账本尚无签名检查点，暂不能生成报告",
  notFound: "报告不存在",
  stillMaking: "报告仍在生成中，完成后将出现在报告列表中",
} as const;

/** The business codes of the report calls (39xx), each with its message above. */
export const DigitalReportCode = {
  dailyLimit: 3900,
} as const;

// ---- checks ----

/** What each check of an evidence is about, in the order the report lists them. */
export const DIGITAL_REPORT_CHECK_GROUPS = ["digest", "ledger", "witness", "timestamp", "package"] as const;
export type DigitalReportCheckGroup = (typeof DIGITAL_REPORT_CHECK_GROUPS)[number];
export const DIGITAL_REPORT_CHECK_GROUP_LABELS: Record<DigitalReportCheckGroup, string> = {
  digest: "数据摘要",
  ledger: "账本证明",
  witness: "见证者联署",
  timestamp: "可信时间戳",
  package: "取证包与取证过程",
};

/** skip: the check does not apply to this evidence (no TSA configured, only a digest held …); its reason says why. */
export const DIGITAL_REPORT_CHECK_STATUSES = ["pass", "fail", "skip"] as const;
export type DigitalReportCheckStatus = (typeof DIGITAL_REPORT_CHECK_STATUSES)[number];
export const DIGITAL_REPORT_CHECK_STATUS_LABELS: Record<DigitalReportCheckStatus, string> = { pass: "通过", fail: "不通过", skip: "不适用" };
export const DIGITAL_REPORT_CHECK_STATUS_COLORS: Record<DigitalReportCheckStatus, string> = { pass: "success", fail: "error", skip: "default" };

export const DIGITAL_REPORT_VERDICTS = ["pass", "fail"] as const;
export type DigitalReportVerdict = (typeof DIGITAL_REPORT_VERDICTS)[number];
export const DIGITAL_REPORT_VERDICT_LABELS: Record<DigitalReportVerdict, string> = { pass: "全部检查通过", fail: "存在不通过项" };
export const DIGITAL_REPORT_VERDICT_COLORS: Record<DigitalReportVerdict, string> = { pass: "success", fail: "error" };

export const DigitalReportCheckSchema = z.object({
  /** A verification check id (entry-format, inclusion, wacz-files …) or one of the report's own (witness-cosignatures …). */
  id: z.string(),
  group: z.enum(DIGITAL_REPORT_CHECK_GROUPS),
  name: z.string(),
  status: z.enum(DIGITAL_REPORT_CHECK_STATUSES),
  /** Why, in Chinese, for the reader. */
  reason: z.string(),
  /** Technical detail of a failure (digests compared, the proof failure). */
  detail: z.string().optional(),
});
export type DigitalReportCheck = z.infer<typeof DigitalReportCheckSchema>;

/** A fact printed beside an evidence's checks (a capture's address and time, a recording's length). */
export const DigitalReportFactSchema = z.object({ label: z.string(), value: z.string() });
export type DigitalReportFact = z.infer<typeof DigitalReportFactSchema>;

/** One checked evidence: what it is, and every check with its result. */
export const DigitalReportItemSchema = z.object({
  evidenceId: z.number().int(),
  certificateNo: z.string(),
  name: z.string(),
  kind: EvidenceKindSchema,
  createTime: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  sm3: z.string(),
  ledgerIndex: z.number().int(),
  blockHeight: z.number().int(),
  /** fail when any check failed. */
  verdict: z.enum(DIGITAL_REPORT_VERDICTS),
  facts: z.array(DigitalReportFactSchema),
  checks: z.array(DigitalReportCheckSchema),
});
export type DigitalReportItem = z.infer<typeof DigitalReportItemSchema>;

// ---- records ----

export const DigitalReportRecordSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  name: z.string().meta({ title: "报告名称", ellipsis: true }),
  /** The report's own evidence certificate number, printed in the report as its number. */
  certificateNo: z.string().meta({ title: "报告编号", copyable: true, mono: true }),
  purpose: z.string().nullable().meta({ title: "用途说明", row: "ifPresent", ellipsis: true }),
  evidenceCount: z.number().int().meta({ title: "检验证据数" }),
  failedCount: z.number().int().meta({ title: "不通过证据数" }),
  verdict: z.enum(DIGITAL_REPORT_VERDICTS).meta({ title: "检验结论", labels: DIGITAL_REPORT_VERDICT_LABELS, colors: DIGITAL_REPORT_VERDICT_COLORS }),
  createTime: z.number().int().meta({ title: "出具时间", format: "datetime" }),
  /** The signed checkpoint every item was checked against. */
  treeSize: z.number().int().meta({ title: "检验所依据的检查点（树大小）", row: "ifPresent" }),
  rootHash: z.string().meta({ title: "检查点根哈希", mono: true, row: "ifPresent" }),
  /** The report's own evidence record: its certificate. */
  evidenceId: z.number().int().meta({ title: "存证编号", row: "never" }),
  size: z.number().int().meta({ title: "报告大小", format: "bytes", row: "ifPresent" }),
  sha256: z.string().meta({ title: "报告 SHA-256", mono: true, row: "ifPresent" }),
});
export type DigitalReportRecord = z.infer<typeof DigitalReportRecordSchema>;

export const DigitalReportDetailSchema = DigitalReportRecordSchema.extend({
  items: z.array(DigitalReportItemSchema).meta({ title: "检验明细", row: "never" }),
});
export type DigitalReportDetail = z.infer<typeof DigitalReportDetailSchema>;

// ---- what the report PDF embeds ----

/**
 * The report PDF's embedded files: `report` is the results for machines (DigitalReportDetail
 * without the report's own storage facts, plus the checkpoint note); for each checked evidence its
 * ledger entry exactly as logged and its tlog-proof under that checkpoint, so a reader re-checks
 * every item offline (hengzheng-verify does, given the report as the file of its certificate).
 */
export const DIGITAL_REPORT_ATTACHMENTS = {
  report: "digital-report.json",
  entry: (certificateNo: string) => `${certificateNo}.evidence-entry.json`,
  proof: (certificateNo: string) => `${certificateNo}.tlog-proof`,
} as const;

export const DIGITAL_REPORT_FORMAT = "hengzheng-digital-report/1";

/** digital-report.json: what was checked, against which checkpoint, and every result. */
export const DigitalReportDocumentSchema = z.object({
  format: z.literal(DIGITAL_REPORT_FORMAT),
  reportNo: z.string(),
  name: z.string(),
  issuedAt: z.number().int(),
  /** The signed checkpoint note every item's proof is under. */
  checkpoint: z.string(),
  verdict: z.enum(DIGITAL_REPORT_VERDICTS),
  items: z.array(DigitalReportItemSchema),
});
export type DigitalReportDocument = z.infer<typeof DigitalReportDocumentSchema>;

// ---- call inputs ----

const EvidenceIdsSchema = z
  .array(z.number({ error: DIGITAL_REPORT_MESSAGES.unknownItems }).int().positive(DIGITAL_REPORT_MESSAGES.unknownItems), { error: DIGITAL_REPORT_MESSAGES.noItems })
  .min(1, DIGITAL_REPORT_MESSAGES.noItems)
  .max(DIGITAL_REPORT_MAX_ITEMS, DIGITAL_REPORT_MESSAGES.tooManyItems)
  .refine((ids) => new Set(ids).size === ids.length, DIGITAL_REPORT_MESSAGES.duplicateItems);

export const DigitalReportFormSchema = z.object({
  evidenceIds: EvidenceIdsSchema.meta({ title: "检验的证据" }),
  name: optionalText(freeText(DIGITAL_REPORT_NAME_MAX, `报告名称不能超过${DIGITAL_REPORT_NAME_MAX}个字`)).meta({ title: "报告名称" }),
  purpose: optionalText(freeText(DIGITAL_REPORT_PURPOSE_MAX, `用途说明不能超过${DIGITAL_REPORT_PURPOSE_MAX}个字`, { multiline: true })).meta({ title: "用途说明", widget: "textarea" }),
});
export type DigitalReportForm = z.input<typeof DigitalReportFormSchema>;
export type DigitalReportValues = z.output<typeof DigitalReportFormSchema>;

export const DigitalReportListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(DIGITAL_REPORT_NAME_MAX)).meta({ title: "报告名称" }),
  startTime: optionalFilterDate("出具时间"),
  endTime: optionalFilterDate(),
});
export type DigitalReportListQuery = z.infer<typeof DigitalReportListQuerySchema>;

export const DigitalReportIdSchema = z.object({
  id: z.coerce.number({ error: DIGITAL_REPORT_MESSAGES.notFound }).int().positive(DIGITAL_REPORT_MESSAGES.notFound),
});

// ---- the calls ----

const TAG = "数据检验报告";

export const DIGITAL_REPORT_ENDPOINTS = {
  create: endpoint({
    method: "POST",
    path: "/judicial/v2/createDigitalReport",
    input: DigitalReportFormSchema,
    datas: DigitalReportDetailSchema,
    session: "user",
    tag: TAG,
    summary: `生成数据检验报告（免费）：对本人已上链的 1-${DIGITAL_REPORT_MAX_ITEMS} 条证据（evidenceIds，JSON 数组）逐条检验，报告 PDF 作为证据存证上链；每个账号每天最多 ${DIGITAL_REPORT_DAILY_LIMIT} 份（${DigitalReportCode.dailyLimit}）`,
  }),
  list: endpoint({
    method: "GET",
    path: "/judicial/v2/getDigitalReportList",
    input: DigitalReportListQuerySchema,
    datas: pagePSchema(DigitalReportRecordSchema),
    session: "user",
    tag: TAG,
    summary: "数据检验报告列表（本人，分页 pageP），可按报告名称 keyName 与出具日期 startTime/endTime（YYYY-MM-DD）筛选",
  }),
  one: endpoint({
    method: "GET",
    path: "/judicial/v2/getDigitalReportDetail",
    input: DigitalReportIdSchema,
    datas: DigitalReportDetailSchema,
    session: "user",
    tag: TAG,
    summary: "一份数据检验报告（本人）：每条证据的每项检查及其结果",
  }),
  download: endpoint({
    method: "GET",
    path: "/judicial/v2/downloadDigitalReport",
    input: DigitalReportIdSchema,
    datas: z.null(),
    session: "user",
    file: true,
    tag: TAG,
    summary: "下载数据检验报告 PDF（内嵌每条证据的账本记录与包含证明）",
  }),
};
