import { z } from "zod";
import { endpoint } from "../contract";
import { keywordQuery, PageQuerySchema, pagePSchema } from "../paging";
import { textRule } from "../string-rule";
import { CustomerAccountSchema, FINANCE_PERMISSION, FINANCE_TAG, yuanAmountSchema, yuanText } from "./finance";

/**
 * 余额调整: a finance operator credits or debits a customer's available balance with a reason
 * (issue 14: "operator adjustment" is one kind of journal movement). The customer sees it in their
 * chargeRecord as 余额调整; the audit trail records who, how much and why. Each attempt carries a
 * unique id, so a double click or a retried request adjusts once. A debit never takes the
 * available balance below zero: money a customer owes is a contract's credit, not an adjustment.
 */

/** The most one adjustment moves: 1,000,000 元. */
export const ADJUSTMENT_MAX_FEN = 100_000_000;
export const ADJUSTMENT_REASON_MIN_LENGTH = 2;
export const ADJUSTMENT_REASON_MAX_LENGTH = 200;

export const ADJUSTMENT_DIRECTION_LABELS = { credit: "增加余额", debit: "扣减余额" } as const;
export const AdjustmentDirectionSchema = z.enum(["credit", "debit"], { error: "请选择增加余额或扣减余额" });
export type AdjustmentDirection = z.infer<typeof AdjustmentDirectionSchema>;

export const ADJUSTMENT_MESSAGES = {
  amount: "调整金额须为 0.01 至 1,000,000 元的金额，最多两位小数",
  reasonRequired: `请填写调整原因（${ADJUSTMENT_REASON_MIN_LENGTH}-${ADJUSTMENT_REASON_MAX_LENGTH}个字），客户将在充值记录中看到这一原因`,
  reasonTooLong: `调整原因不超过${ADJUSTMENT_REASON_MAX_LENGTH}个字`,
  attempt: "调整请求无效，请刷新页面后重试",
  belowZero: (availableFen: number) => `扣减后客户可用余额将低于零：其可用余额为 ${yuanText(availableFen)}，最多可扣减 ${yuanText(Math.max(availableFen, 0))}`,
  attemptReused: "该调整请求已提交过，且金额或客户不同：请刷新页面后重新填写",
} as const;

/** The id a form makes once when it opens (crypto.randomUUID()): the same id twice adjusts once. */
export const AttemptIdSchema = z.string({ error: ADJUSTMENT_MESSAGES.attempt }).regex(/^[A-Za-z0-9-]{8,64}$/, ADJUSTMENT_MESSAGES.attempt);

/** The form (新建调整); the page adds the attempt id. */
export const AdjustmentFormSchema = z.object({
  customerAccount: CustomerAccountSchema,
  direction: AdjustmentDirectionSchema.meta({ title: "调整方向", labels: ADJUSTMENT_DIRECTION_LABELS, hints: { credit: "客户可用余额增加（如线下收款入账）", debit: "客户可用余额减少（如线下退款冲回），不能扣至负数" } }),
  amount: yuanAmountSchema({ minFen: 1, maxFen: ADJUSTMENT_MAX_FEN }, ADJUSTMENT_MESSAGES.amount).meta({ title: "调整金额（元）" }).describe("金额（元），如 \"200\" 或 \"88.80\""),
  reason: textRule({ required: ADJUSTMENT_MESSAGES.reasonRequired })
    .min(ADJUSTMENT_REASON_MIN_LENGTH, ADJUSTMENT_MESSAGES.reasonRequired)
    .max(ADJUSTMENT_REASON_MAX_LENGTH, ADJUSTMENT_MESSAGES.reasonTooLong)
    .meta({ title: "调整原因（客户可见）", widget: "textarea" }),
});
export type AdjustmentForm = z.infer<typeof AdjustmentFormSchema>;

export const NewAdjustmentInputSchema = z.object({
  ...AdjustmentFormSchema.shape,
  attemptId: AttemptIdSchema.describe("每次调整尝试的唯一编号：重复提交同一编号只调整一次"),
});
export type NewAdjustmentInput = z.infer<typeof NewAdjustmentInputSchema>;

export const AdjustmentListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  keyword: keywordQuery(100, { placeholder: "客户账号、手机号或邮箱", width: 240 }),
});
export type AdjustmentListQuery = z.infer<typeof AdjustmentListQuerySchema>;

/** One adjustment as finance lists it: the amount signed (+ credit, − debit). */
export const AdjustmentRecordSchema = z.object({
  id: z.number().int().meta({ title: "流水号", mono: true }),
  customerAccount: z.string().meta({ title: "客户账号", copyable: true }),
  direction: AdjustmentDirectionSchema.meta({ title: "调整方向", labels: ADJUSTMENT_DIRECTION_LABELS, colors: { credit: "success", debit: "warning" } }),
  amountFen: z.number().int().meta({ title: "金额", format: "money" }),
  reason: z.string().meta({ title: "调整原因", ellipsis: true }),
  operatorAccount: z.string().meta({ title: "操作人" }),
  createTime: z.string().meta({ title: "调整时间" }),
  balanceFen: z.number().int().optional().meta({ title: "调整后可用余额", format: "money", row: "ifPresent" }),
});
export type AdjustmentRecord = z.infer<typeof AdjustmentRecordSchema>;

export const ADJUSTMENT_ACTIONS = { credit: "balance.credit", debit: "balance.debit" } as const satisfies Record<AdjustmentDirection, string>;

export const FINANCE_ADJUSTMENT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/finance/listAdjustments",
    input: AdjustmentListQuerySchema,
    datas: pagePSchema(AdjustmentRecordSchema),
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "余额调整记录（分页 pageP，新的在前）：客户、方向、金额（分）、原因、操作人与时间；可按客户账号筛选",
  }),
  create: endpoint({
    method: "POST",
    path: "/console/v2/finance/adjustBalance",
    input: NewAdjustmentInputSchema,
    datas: AdjustmentRecordSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "调整客户可用余额：增加或扣减（元），须写明原因；同一 attemptId 只调整一次；扣减不能使可用余额低于零。客户在充值记录中看到“余额调整”，记入操作审计",
    description: "1001 参数错误、客户不存在或为子账号、扣减超过可用余额、attemptId 已用于另一笔调整。",
  }),
};
