import { z } from "zod";
import { endpoint } from "./contract";
import { FEN_PER_YUAN } from "./money";
import { PAYMENT_ORDER_STATES, yuanTextToFen } from "./payment";

/**
 * Recharge through a payment provider (issue 14, spec §2 /personal/expenseCenter/onlineCharge, §4
 * recharge buttons). The spec names no calls for it, so these are ours in its /personal/v2 style.
 * The providers' callbacks are not contract calls: the providers define their shape.
 */

/** The channels a server may offer; each is one payment provider. */
export const RECHARGE_CHANNELS = ["development", "alipay", "wechatpay"] as const;
export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];

export const RECHARGE_CHANNEL_LABELS: Record<RechargeChannel, string> = {
  development: "模拟支付（开发环境）",
  alipay: "支付宝",
  wechatpay: "微信支付",
};

/** The amounts offered as buttons on the recharge page, in fen (100, 500, 1000, 5000 元). */
export const RECHARGE_AMOUNT_CHOICES_FEN = [10_000, 50_000, 100_000, 500_000] as const;

/** The spec sets no limits; ours: 1 元 to 50,000 元 in whole fen. */
export const MIN_RECHARGE_FEN = 1 * FEN_PER_YUAN;
export const MAX_RECHARGE_FEN = 50_000 * FEN_PER_YUAN;
export const RECHARGE_AMOUNT_MESSAGE = "充值金额须在 1 至 50,000 元之间，最多两位小数";

/** "88.8" → 8880 when it is a recharge amount we accept, else null. */
export function rechargeAmountFen(text: string): number | null {
  const fen = yuanTextToFen(text.trim());
  return fen !== null && fen >= MIN_RECHARGE_FEN && fen <= MAX_RECHARGE_FEN ? fen : null;
}

const MerchantOrderNoSchema = z.string({ error: "订单号不正确" }).regex(/^P\d{14}[0-9A-Z]{10}$/, "订单号不正确");

export const RechargeOptionsSchema = z.object({
  channels: z.array(z.object({ key: z.enum(RECHARGE_CHANNELS), label: z.string() })).describe("本站已开通的支付渠道"),
  amountChoicesFen: z.array(z.number().int()),
  minFen: z.number().int(),
  maxFen: z.number().int(),
});
export type RechargeOptions = z.infer<typeof RechargeOptionsSchema>;

const RETURN_PATH_MESSAGE = "返回页面地址不正确";

export const CreateRechargeOrderSchema = z.object({
  amount: z
    .string({ error: RECHARGE_AMOUNT_MESSAGE })
    .refine((text) => rechargeAmountFen(text) !== null, RECHARGE_AMOUNT_MESSAGE)
    .describe("充值金额（元），如 \"100\" 或 \"88.80\""),
  channel: z.enum(RECHARGE_CHANNELS, { error: "请选择支付方式" }),
  /** The page the cashier sends the payer back to: the registry's route of the page that paid, a path of this site. */
  returnPath: z
    .string({ error: RETURN_PATH_MESSAGE })
    .max(200, RETURN_PATH_MESSAGE)
    .regex(/^\/(?!\/)[A-Za-z0-9/_-]*$/, RETURN_PATH_MESSAGE)
    .describe("支付完成后返回的本站页面路径，如充值页"),
});

export const PaymentStartSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("redirect"), url: z.string().describe("浏览器前往的收银台地址") }),
  z.object({ kind: z.literal("qrCode"), codeUrl: z.string().describe("二维码内容（微信支付 Native）") }),
]);

export const CreatedRechargeOrderSchema = z.object({
  merchantOrderNo: z.string(),
  payment: PaymentStartSchema,
});
export type CreatedRechargeOrder = z.infer<typeof CreatedRechargeOrderSchema>;

export const RechargeOrderSchema = z.object({
  merchantOrderNo: z.string(),
  amountFen: z.number().int(),
  channel: z.enum(RECHARGE_CHANNELS),
  state: z.enum(PAYMENT_ORDER_STATES),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  /** The main account's available balance now, so the page shows the effect of a payment. */
  balanceFen: z.number().int(),
});
export type RechargeOrder = z.infer<typeof RechargeOrderSchema>;

/** The order is not this account's, or does not exist. */
export const RECHARGE_ORDER_NOT_FOUND_MESSAGE = "充值订单不存在";
export const RECHARGE_CHANNEL_UNAVAILABLE_MESSAGE = "该支付方式暂未开通，请选择其他支付方式";
export const PAYMENT_GATEWAY_FAILED_MESSAGE = "支付渠道暂时无法下单，请稍后重试";

const TAG = "计费";

export const RECHARGE_ENDPOINTS = {
  rechargeOptions: endpoint({
    method: "GET",
    path: "/personal/v2/rechargeOptions",
    input: z.object({}),
    datas: RechargeOptionsSchema,
    session: "user",
    tag: TAG,
    summary: "在线充值的可选支付渠道（仅本站已开通的）、推荐金额（分）与金额上下限（分）",
  }),
  createRechargeOrder: endpoint({
    method: "POST",
    path: "/personal/v2/createRechargeOrder",
    input: CreateRechargeOrderSchema,
    datas: CreatedRechargeOrderSchema,
    session: "user",
    tag: TAG,
    summary: "创建充值订单：金额 1-50,000 元（最多两位小数），返回订单号与去支付的方式（跳转收银台或二维码）",
  }),
  rechargeOrder: endpoint({
    method: "GET",
    path: "/personal/v2/rechargeOrder",
    input: z.object({ merchantOrderNo: MerchantOrderNoSchema }),
    datas: RechargeOrderSchema,
    session: "user",
    tag: TAG,
    summary: "充值订单的状态（待支付、已支付、支付失败、已关闭……）与当前余额（分）",
  }),
};

