import { z } from "zod";
import { BUNDLE_SNAPSHOT_LIMITS, type BundleSize } from "./bundle";
import { endpoint } from "./contract";
import { pagePSchema, pageQuerySchema } from "./paging";
import { optionalText } from "./string-rule";

/**
 * Judicial pay (/judicial/judicialPay: guidance, addJudicialPay, dataList, seeJudicialPay; issue 17):
 * every payment of the judicial channel in one list. An appraisal's quoted fee is paid here from the
 * balance (held until the opinion is issued, handed back on a decline); notarisation bundles are
 * bought through the existing purchase call (purchase.ts); notarisation fees are held by the
 * notarisation module. The list reads billing's reservations by service name and the purchase
 * module's bundle purchases, so money shown here is exactly money that moved.
 */

export const JUDICIAL_PAY_KINDS = ["appraisalFee", "notarisationFee", "bundlePurchase"] as const;
export type JudicialPayKind = (typeof JUDICIAL_PAY_KINDS)[number];
export const JUDICIAL_PAY_KIND_LABELS: Record<JudicialPayKind, string> = { appraisalFee: "司法鉴定费", notarisationFee: "公证费", bundlePurchase: "公证套餐购买" };

/** The billing service name of each reserved kind (a bundle purchase is paid outright, no reservation). */
export const JUDICIAL_PAY_SERVICES = { appraisalFee: "appraisal", notarisationFee: "notarisation" } as const satisfies Partial<Record<JudicialPayKind, string>>;

/**
 * held: reserved from the balance, not yet charged; paid: charged (a reservation settled, a
 * purchase made); refunded: handed back to the balance (released, or expired unused).
 */
export const JUDICIAL_PAY_STATES = ["held", "paid", "refunded"] as const;
export type JudicialPayState = (typeof JUDICIAL_PAY_STATES)[number];
export const JUDICIAL_PAY_STATE_LABELS: Record<JudicialPayState, string> = { held: "已冻结", paid: "已支付", refunded: "已退回" };
const STATE_COLORS: Record<JudicialPayState, string> = { held: "warning", paid: "success", refunded: "default" };
export const JUDICIAL_PAY_STATE_NOTES: Record<JudicialPayState, string> = {
  held: "费用已从可用余额中冻结，服务完成后结算；服务未进行时退回余额。",
  paid: "费用已支付。",
  refunded: "冻结的费用已退回账户可用余额。",
};

/** What a billing reservation's state means to the payer. */
export function judicialPayStateOf(reservationState: string): JudicialPayState {
  if (reservationState === "reserved") return "held";
  return reservationState === "settled" ? "paid" : "refunded";
}

/** A payment's id in the list: `r` + reservation id, or `p` + purchase id. */
export const JUDICIAL_PAY_ID_PATTERN = /^[rp][1-9]\d{0,15}$/;
export const JUDICIAL_PAY_MESSAGES = {
  notFound: "支付记录不存在",
} as const;

// ---- the addJudicialPay page's query ----

/** addJudicialPay?commission=<id>: the appraisal whose quoted fee to pay; ?application=<id>: the notarisation application a bundle is for. */
export const JUDICIAL_PAY_PARAMS = { commission: "commission", application: "application" } as const;

/** The smallest bundle whose snapshot allowance covers `snapshots`, or null when none does (spec §5 bundle use). */
export function bundleSizeFor(snapshots: number): BundleSize | null {
  if (!Number.isInteger(snapshots) || snapshots < 1) return null;
  return BUNDLE_SNAPSHOT_LIMITS.find((limit) => limit >= snapshots) ?? null;
}

// ---- records ----

export const JudicialPaymentSchema = z.object({
  id: z.string().meta({ title: "编号", row: "never" }),
  kind: z.enum(JUDICIAL_PAY_KINDS).meta({ title: "费用类型", labels: JUDICIAL_PAY_KIND_LABELS }),
  subject: z.string().meta({ title: "支付内容", ellipsis: true }),
  amountFen: z.number().int().meta({ title: "金额", format: "money" }),
  state: z.enum(JUDICIAL_PAY_STATES).meta({ title: "状态", labels: JUDICIAL_PAY_STATE_LABELS, colors: STATE_COLORS }),
  createTime: z.number().int().meta({ title: "支付时间", format: "datetime" }),
  closeTime: z.number().int().nullable().meta({ title: "结算/退回时间", format: "datetime", row: "ifPresent" }),
});
export type JudicialPayment = z.infer<typeof JudicialPaymentSchema>;

export const JudicialPaymentDetailSchema = JudicialPaymentSchema.extend({
  /** The commission number, the notarisation application's reference, or the purchase's product. */
  reference: z.string().meta({ title: "业务编号", mono: true, copyable: true }),
  stateNote: z.string().meta({ title: "状态说明" }),
  /** The appraisal commission paid for, for a link to its detail. */
  commissionId: z.number().int().nullable().meta({ title: "鉴定委托", row: "never" }),
  quantity: z.number().int().nullable().meta({ title: "购买数量", row: "ifPresent" }),
});
export type JudicialPaymentDetail = z.infer<typeof JudicialPaymentDetailSchema>;

// ---- call inputs ----

export const JudicialPayListQuerySchema = pageQuerySchema().extend({
  kind: optionalText(z.enum(JUDICIAL_PAY_KINDS)).meta({ title: "费用类型", labels: JUDICIAL_PAY_KIND_LABELS, placeholder: "全部类型" }),
  state: optionalText(z.enum(JUDICIAL_PAY_STATES)).meta({ title: "状态", labels: JUDICIAL_PAY_STATE_LABELS, placeholder: "全部状态" }),
});
export type JudicialPayListQuery = z.infer<typeof JudicialPayListQuerySchema>;

export const JudicialPaymentIdSchema = z.object({
  id: z.string({ error: JUDICIAL_PAY_MESSAGES.notFound }).regex(JUDICIAL_PAY_ID_PATTERN, JUDICIAL_PAY_MESSAGES.notFound),
});

export const PayAppraisalFeeSchema = z.object({
  commissionId: z.coerce.number({ error: "请选择要支付的鉴定委托" }).int().positive("请选择要支付的鉴定委托"),
  /** The fee the payer confirmed: a commission whose quote differs is refused rather than charged. */
  feeFen: z.coerce.number({ error: "支付金额不正确" }).int("支付金额不正确").positive("支付金额不正确"),
});

// ---- the calls ----

const TAG = "司法支付";

export const JUDICIAL_PAY_ENDPOINTS = {
  payAppraisalFee: endpoint({
    method: "POST",
    path: "/judicial/v2/payAppraisalFee",
    input: PayAppraisalFeeSchema,
    datas: JudicialPaymentDetailSchema,
    session: "user",
    tag: TAG,
    summary: "从账户余额支付已报价的司法鉴定费：费用冻结至鉴定意见出具后结算，机构拒绝则退回；同一委托只扣款一次",
    description: "301 余额不足；305 子账号不能支付；3900 委托当前状态不能付费；1001 报价已变更。",
  }),
  list: endpoint({
    method: "GET",
    path: "/judicial/v2/getJudicialPayList",
    input: JudicialPayListQuerySchema,
    datas: pagePSchema(JudicialPaymentSchema),
    session: "user",
    tag: TAG,
    summary: "本账号的全部司法支付（鉴定费、公证费、公证套餐购买），新的在前，可按类型与状态筛选",
  }),
  detail: endpoint({ method: "GET", path: "/judicial/v2/getJudicialPayDetail", input: JudicialPaymentIdSchema, datas: JudicialPaymentDetailSchema, session: "user", tag: TAG, summary: "一笔司法支付的详情" }),
};
