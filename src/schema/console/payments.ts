import { z } from "zod";
import { endpoint } from "../contract";
import { pagePSchema, PageQuerySchema } from "../paging";
import { PAYMENT_ORDER_STATE_LABELS, PAYMENT_ORDER_STATES } from "../payment";
import { PAYMENT_REFUND_REASON_LABELS, PAYMENT_REFUND_REASONS, PAYMENT_REFUND_STATE_LABELS, PAYMENT_REFUND_STATES } from "../payment-refund";
import { RECHARGE_CHANNEL_LABELS, RECHARGE_CHANNELS } from "../recharge";
import { optionalText } from "../string-rule";
import { FINANCE_PERMISSION } from "./finance";
import { optionalFilterDate } from "../time-range";

/**
 * The finance pages of the console (issue 14): every payment attempt customers made, and the
 * refunds of money a provider took that no balance received, with 重试 for a failed refund.
 */

export const PAYMENT_CONSOLE_MESSAGES = {
  refundNotFound: "退款记录不存在",
  refundNotFailed: "只有退款失败的记录可以重试",
} as const;

const ORDER_STATE_COLORS = { created: "processing", paid: "success", failed: "error", closed: "default", refunding: "processing", refunded: "warning", refundFailed: "error" };
const REFUND_STATE_COLORS = { requested: "default", refunding: "processing", refunded: "success", refundFailed: "error" };

const customerFields = {
  userId: z.number().int().meta({ title: "客户编号", mono: true }),
  customerAccount: z.string().meta({ title: "客户" }),
};

export const PaymentOrderRecordSchema = z.object({
  merchantOrderNo: z.string().meta({ title: "商户订单号", mono: true, copyable: true }),
  ...customerFields,
  channel: z.enum(RECHARGE_CHANNELS).meta({ title: "支付渠道", labels: RECHARGE_CHANNEL_LABELS }),
  amountFen: z.number().int().meta({ title: "金额", format: "money" }),
  state: z.enum(PAYMENT_ORDER_STATES).meta({ title: "状态", labels: PAYMENT_ORDER_STATE_LABELS, colors: ORDER_STATE_COLORS }),
  providerTradeNo: z.string().nullable().meta({ title: "渠道交易号", mono: true, row: "ifPresent" }),
  createTime: z.number().int().meta({ title: "下单时间", format: "datetime" }),
  paidTime: z.number().int().nullable().meta({ title: "支付时间", format: "datetime" }),
  closedTime: z.number().int().nullable().meta({ title: "关闭时间", format: "datetime" }),
});
export type PaymentOrderRecord = z.infer<typeof PaymentOrderRecordSchema>;

const ORDER_NO_MAX_LENGTH = 64;
const orderNoFilter = optionalText(z.string().trim().max(ORDER_NO_MAX_LENGTH, `订单号不超过${ORDER_NO_MAX_LENGTH}个字`)).meta({ title: "商户订单号", width: 240 });

export const PaymentOrderListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  merchantOrderNo: orderNoFilter,
  state: z.enum(PAYMENT_ORDER_STATES, { error: "状态不正确" }).optional().meta({ title: "状态", placeholder: "全部状态", labels: PAYMENT_ORDER_STATE_LABELS, width: 140 }),
  startTime: optionalFilterDate("下单日期"),
  endTime: optionalFilterDate(),
});
export type PaymentOrderListQuery = z.infer<typeof PaymentOrderListQuerySchema>;

export const PaymentRefundRecordSchema = z.object({
  id: z.number().int().meta({ title: "退款编号", mono: true }),
  refundNo: z.string().meta({ title: "退款单号", mono: true, copyable: true }),
  merchantOrderNo: z.string().meta({ title: "商户订单号", mono: true, copyable: true }),
  ...customerFields,
  channel: z.enum(RECHARGE_CHANNELS).meta({ title: "支付渠道", labels: RECHARGE_CHANNEL_LABELS }),
  amountFen: z.number().int().meta({ title: "退款金额", format: "money" }),
  reason: z.enum(PAYMENT_REFUND_REASONS).meta({ title: "原因", labels: PAYMENT_REFUND_REASON_LABELS }),
  state: z.enum(PAYMENT_REFUND_STATES).meta({ title: "状态", labels: PAYMENT_REFUND_STATE_LABELS, colors: REFUND_STATE_COLORS }),
  attempts: z.number().int().meta({ title: "尝试次数" }),
  createTime: z.number().int().meta({ title: "发起时间", format: "datetime" }),
  updateTime: z.number().int().meta({ title: "更新时间", format: "datetime" }),
  refundedTime: z.number().int().nullable().meta({ title: "退款完成时间", format: "datetime" }),
});
export type PaymentRefundRecord = z.infer<typeof PaymentRefundRecordSchema>;

export const PaymentRefundListQuerySchema = z.object({
  ...PageQuerySchema.shape,
  merchantOrderNo: orderNoFilter,
  state: z.enum(PAYMENT_REFUND_STATES, { error: "状态不正确" }).optional().meta({ title: "状态", placeholder: "全部状态", labels: PAYMENT_REFUND_STATE_LABELS, width: 140 }),
  startTime: optionalFilterDate("发起日期"),
  endTime: optionalFilterDate(),
});
export type PaymentRefundListQuery = z.infer<typeof PaymentRefundListQuerySchema>;

const refundId = z.coerce.number({ error: PAYMENT_CONSOLE_MESSAGES.refundNotFound }).int(PAYMENT_CONSOLE_MESSAGES.refundNotFound).positive(PAYMENT_CONSOLE_MESSAGES.refundNotFound);

const TAG = "运营后台·财务";
const finance = { session: "operator", permission: FINANCE_PERMISSION, tag: TAG } as const;

export const PAYMENT_CONSOLE_ENDPOINTS = {
  orders: endpoint({
    method: "GET",
    path: "/console/v2/listPaymentOrders",
    input: PaymentOrderListQuerySchema,
    datas: pagePSchema(PaymentOrderRecordSchema),
    ...finance,
    summary: "支付订单（分页 pageP，新的在前）：每一次充值支付的渠道、金额、状态与客户，可按商户订单号、状态、下单日期 startTime/endTime（YYYY-MM-DD）筛选",
  }),
  refunds: endpoint({
    method: "GET",
    path: "/console/v2/listPaymentRefunds",
    input: PaymentRefundListQuerySchema,
    datas: pagePSchema(PaymentRefundRecordSchema),
    ...finance,
    summary: "退款（分页 pageP，新的在前）：渠道收了款而未入账（关单后支付、金额不符）时自动原路退回的记录，可按商户订单号、状态、发起日期筛选",
  }),
  retryRefund: endpoint({
    method: "POST",
    path: "/console/v2/retryPaymentRefund",
    input: z.object({ id: refundId }),
    datas: PaymentRefundRecordSchema,
    ...finance,
    summary: "重试一笔退款失败的退款：以新的退款单号再次请求支付渠道，记入操作审计；答复重试后的记录",
  }),
};
