import { z } from "zod";
import { PROMOTION_STATE_LABELS } from "../bundle";
import { endpoint } from "../contract";
import { PageQuerySchema, pagePSchema } from "../paging";
import { PRODUCT_KINDS, ProductCodeSchema } from "../purchase";
import { freeText, optionalText } from "../string-rule";
import { amountFen, calendarDateSchema, FINANCE_PERMISSION, FINANCE_TAG, yuanAmountSchema } from "./finance";

/**
 * 商品价格: the price table (product_prices, migration 0021) as finance reads and edits it. A
 * product is on sale at a regular price in fen, or not on sale; it may carry one dated promotion
 * (the 2017 launch promotion is one), which applies on the Shanghai dates from start to end
 * inclusive. A purchase pays the price of the moment it is made.
 */

/** The highest price an operator may set: 10,000,000 元 (a typing slip of a few zeros is refused). */
export const PRICE_MAX_FEN = 1_000_000_000;
export const PROMOTION_NAME_MAX_LENGTH = 50;
export const PRICE_REASON_MAX_LENGTH = 200;

export const PRICE_MESSAGES = {
  price: "价格须为 0.01 至 10,000,000 元的金额，最多两位小数",
  priceRequired: "在售商品须填写原价；暂停销售请关闭“在售”",
  promotionIncomplete: "限时优惠须同时填写名称、开始日期、结束日期与优惠价；不设优惠请全部留空",
  promotionName: `优惠名称不超过${PROMOTION_NAME_MAX_LENGTH}个字`,
  promotionOrder: "优惠结束日期不能早于开始日期",
  promotionNotOnSale: "暂未开售的商品不能设置限时优惠",
  startRequired: "请填写优惠开始日期",
  endRequired: "请填写优惠结束日期",
  reason: `修改原因不超过${PRICE_REASON_MAX_LENGTH}个字`,
  notFound: "该商品不存在",
} as const;

export const PRODUCT_KIND_LABELS = { package: "保全套餐", bundle: "公证套餐" } as const satisfies Record<(typeof PRODUCT_KINDS)[number], string>;

const priceFen = () => z.number({ error: PRICE_MESSAGES.price }).int(PRICE_MESSAGES.price).min(1, PRICE_MESSAGES.price).max(PRICE_MAX_FEN, PRICE_MESSAGES.price);
const PromotionNameSchema = freeText(PROMOTION_NAME_MAX_LENGTH, PRICE_MESSAGES.promotionName);
const ReasonSchema = optionalText(freeText(PRICE_REASON_MAX_LENGTH, PRICE_MESSAGES.reason)).meta({ title: "修改原因（记入操作审计，可不填）", widget: "textarea" });

type PromotionParts = { onSale: boolean; name?: string; start?: string; end?: string; hasPrice: boolean };
type Problem = { field: "name" | "start" | "end" | "price"; message: string };

/** The one rule of a dated promotion, for the form (yuan text) and the call (fen): all or nothing, start ≤ end, only on a product on sale. */
function promotionProblem({ onSale, name, start, end, hasPrice }: PromotionParts): Problem | null {
  const given = [name, start, end].filter((part) => part !== undefined).length + (hasPrice ? 1 : 0);
  if (given === 0) return null;
  if (!onSale) return { field: "name", message: PRICE_MESSAGES.promotionNotOnSale };
  if (given < 4) {
    const missing: Problem["field"] = name === undefined ? "name" : start === undefined ? "start" : end === undefined ? "end" : "price";
    return { field: missing, message: PRICE_MESSAGES.promotionIncomplete };
  }
  // Both are real YYYY-MM-DD dates here, so text order is date order.
  return start! > end! ? { field: "end", message: PRICE_MESSAGES.promotionOrder } : null;
}

/** The edit call: prices in fen; a product off sale has no price and no promotion. */
export const UpdatePriceInputSchema = z
  .object({
    code: ProductCodeSchema,
    onSale: z.boolean({ error: "请选择是否在售" }),
    priceFen: priceFen().optional().describe("原价（分）；在售时必填"),
    promotionName: optionalText(PromotionNameSchema),
    promotionStart: optionalText(calendarDateSchema(PRICE_MESSAGES.startRequired)).describe("优惠开始日期（北京时间，含当日）"),
    promotionEnd: optionalText(calendarDateSchema(PRICE_MESSAGES.endRequired)).describe("优惠结束日期（北京时间，含当日）"),
    promotionPriceFen: priceFen().optional().describe("优惠价（分）"),
    reason: ReasonSchema,
  })
  .superRefine((input, ctx) => {
    if (input.onSale && input.priceFen === undefined) ctx.addIssue({ code: "custom", path: ["priceFen"], message: PRICE_MESSAGES.priceRequired });
    const problem = promotionProblem({ onSale: input.onSale, name: input.promotionName, start: input.promotionStart, end: input.promotionEnd, hasPrice: input.promotionPriceFen !== undefined });
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field === "price" ? "promotionPriceFen" : `promotion${capitalised(problem.field)}`], message: problem.message });
  });
export type UpdatePriceInput = z.infer<typeof UpdatePriceInputSchema>;

const priceBounds = { minFen: 1, maxFen: PRICE_MAX_FEN };

/** The edit dialog's form: the same rule, with prices typed in yuan. */
export const PriceEditFormSchema = z
  .object({
    onSale: z.boolean().meta({ title: "在售" }),
    regularPrice: optionalText(yuanAmountSchema(priceBounds, PRICE_MESSAGES.price)).meta({ title: "原价（元）" }),
    promotionName: optionalText(PromotionNameSchema).meta({ title: "限时优惠名称" }),
    promotionStart: optionalText(calendarDateSchema(PRICE_MESSAGES.startRequired)).meta({ title: "优惠开始日期（YYYY-MM-DD）" }),
    promotionEnd: optionalText(calendarDateSchema(PRICE_MESSAGES.endRequired)).meta({ title: "优惠结束日期（YYYY-MM-DD，含当日）" }),
    promotionPrice: optionalText(yuanAmountSchema(priceBounds, PRICE_MESSAGES.price)).meta({ title: "优惠价（元）" }),
    reason: ReasonSchema,
  })
  .superRefine((form, ctx) => {
    if (form.onSale && form.regularPrice === undefined) ctx.addIssue({ code: "custom", path: ["regularPrice"], message: PRICE_MESSAGES.priceRequired });
    const problem = promotionProblem({ onSale: form.onSale, name: form.promotionName, start: form.promotionStart, end: form.promotionEnd, hasPrice: form.promotionPrice !== undefined });
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field === "price" ? "promotionPrice" : `promotion${capitalised(problem.field)}`], message: problem.message });
  });
export type PriceEditForm = z.infer<typeof PriceEditFormSchema>;

/** The edit call of a checked form. */
export function priceUpdateOf(code: string, form: PriceEditForm): UpdatePriceInput {
  const fen = (text: string | undefined) => (text === undefined ? undefined : (amountFen(text, priceBounds) ?? undefined));
  const { regularPrice, promotionPrice, ...rest } = form;
  return stripUndefined({ ...rest, code, priceFen: fen(regularPrice), promotionPriceFen: fen(promotionPrice) });
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const PromotionStateSchema = z.enum(["upcoming", "running", "ended"]);

/** One row of the price table as finance sees it. */
export const PriceRowSchema = z.object({
  code: z.string().meta({ title: "商品编号", mono: true }),
  kind: z.enum(PRODUCT_KINDS).meta({ title: "类别", labels: PRODUCT_KIND_LABELS, colors: { package: "blue", bundle: "purple" } }),
  name: z.string().meta({ title: "名称" }),
  unitCount: z.number().int().meta({ title: "保全次数 / 快照条数" }),
  notarisations: z.number().int().meta({ title: "公证次数" }),
  regularPriceFen: z.number().int().nullable().meta({ title: "原价", format: "money", empty: "暂未开售" }),
  promotionName: z.string().nullable().meta({ title: "限时优惠", empty: "无" }),
  promotionStart: z.string().nullable().meta({ title: "优惠开始", row: "ifPresent" }),
  promotionEnd: z.string().nullable().meta({ title: "优惠结束", row: "ifPresent" }),
  promotionPriceFen: z.number().int().nullable().meta({ title: "优惠价", format: "money", row: "ifPresent" }),
  promotionState: PromotionStateSchema.nullable().meta({ title: "优惠状态", labels: PROMOTION_STATE_LABELS, colors: { upcoming: "processing", running: "success", ended: "default" }, row: "ifPresent" }),
  priceFen: z.number().int().nullable().meta({ title: "当前售价", format: "money", empty: "暂未开售" }),
  updateTime: z.string().meta({ title: "修改时间" }),
});
export type PriceRow = z.infer<typeof PriceRowSchema>;

export const PRICE_UPDATE_ACTION = "price.update";
export const PRICE_TARGET = "productPrice";

export const FINANCE_PRICE_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/console/v2/finance/listPrices",
    input: PageQuerySchema,
    datas: pagePSchema(PriceRowSchema),
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "价格表：每个商品的原价、限时优惠（名称、北京时间起止日期、优惠价、状态）与此刻售价（分）",
  }),
  update: endpoint({
    method: "POST",
    path: "/console/v2/finance/updatePrice",
    input: UpdatePriceInputSchema,
    datas: PriceRowSchema,
    session: "operator",
    permission: FINANCE_PERMISSION,
    tag: FINANCE_TAG,
    summary: "修改一个商品的价格：在售时原价为正整数分，否则暂未开售；限时优惠须名称、起止日期与优惠价齐全且开始不晚于结束。记入操作审计；此后的购买按新价格计价",
    description: "1001 参数错误（价格、优惠不完整或日期颠倒）；404 商品不存在。",
  }),
};
