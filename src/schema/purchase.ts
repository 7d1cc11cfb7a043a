import { z } from "zod";
import { BundleStatusSchema, type PromotionState } from "./bundle";
import { endpoint } from "./contract";
import { UidSchema } from "./personal";
import { shanghaiDateKey, type Instant } from "./shanghai-time";

/**
 * Buying packages and notarisation bundles from the balance (issue 14, spec §2 purchasePackage,
 * §9 prices). Prices live in one table (product_prices) an operator edits; this file is how the
 * server and the page read them and the calls at the end.
 */

export const PRODUCT_KINDS = ["package", "bundle"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The most units one purchase buys (a sanity bound: the spec sets no purchase limit, so repeat purchases accumulate). */
export const PURCHASE_MAX_QUANTITY = 999;

export const PURCHASE_MESSAGES = {
  productUnavailable: "该套餐不存在或暂未开售",
  quantity: `购买数量须为1至${PURCHASE_MAX_QUANTITY}的整数`,
  attempt: "购买请求无效，请刷新页面后重试",
} as const;

/** A dated promotion: its price applies on the Shanghai dates from start to end inclusive. */
export type DatedPromotion = { name: string; start: string; end: string; priceFen: number };

export function promotionRuns(promotion: Pick<DatedPromotion, "start" | "end">, time: Instant): boolean {
  const day = shanghaiDateKey(time);
  return day !== "" && day >= promotion.start && day <= promotion.end;
}

export function promotionState(promotion: Pick<DatedPromotion, "start" | "end">, time: Instant): PromotionState {
  if (promotionRuns(promotion, time)) return "running";
  return shanghaiDateKey(time) > promotion.end ? "ended" : "upcoming";
}

/** The purchase page's query parameter naming the product chosen on an activity page (`?product=bundle-10`). */
export const PURCHASE_PRODUCT_PARAM = "product";

/** What one unit costs at `time`: the promotion's price while it runs, else the regular price; null when not on sale. */
export function unitPriceFen(product: { regularPriceFen: number | null; promotion: DatedPromotion | null }, time: Instant): number | null {
  if (product.regularPriceFen === null) return null;
  return product.promotion && promotionRuns(product.promotion, time) ? product.promotion.priceFen : product.regularPriceFen;
}

export const ProductCodeSchema = z.string({ error: PURCHASE_MESSAGES.productUnavailable }).min(1, PURCHASE_MESSAGES.productUnavailable).max(32, PURCHASE_MESSAGES.productUnavailable);

export const ProductSchema = z.object({
  code: z.string().describe("产品编号：30001 快照保全套餐，30002 录屏保全套餐，bundle-10/30/50 公证套餐"),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  unitCount: z.number().int().describe("每份包含的保全次数或网页快照条数"),
  notarisations: z.number().int().describe("每份包含的公证次数"),
  regularPriceFen: z.number().int().nullable().describe("原价（分）；null 为尚未定价、暂未开售"),
  promotion: z
    .object({ name: z.string(), start: z.string(), end: z.string(), priceFen: z.number().int() })
    .nullable()
    .describe("限时优惠：北京时间 start 至 end（含）按 priceFen 计价"),
  priceFen: z.number().int().nullable().describe("此刻每份的价格（分）"),
});
export type Product = z.infer<typeof ProductSchema>;

export const PurchaseResultSchema = z.object({
  purchaseId: z.number().int(),
  productCode: z.string(),
  quantity: z.number().int(),
  totalFen: z.number().int(),
  balanceFen: z.number().int().describe("购买后的可用余额（分）"),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

export const OwnedPackageSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  purchasedCount: z.number().int(),
  remainingCount: z.number().int(),
});

export const OwnedBundleSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  name: z.string(),
  snapshotLimit: z.number().int(),
  status: BundleStatusSchema,
  purchasedAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type OwnedBundle = z.infer<typeof OwnedBundleSchema>;

const TAG = "套餐购买";

export const PURCHASE_ENDPOINTS = {
  productPrices: endpoint({
    method: "GET",
    path: "/personal/v2/productPrices",
    input: z.object({ uid: UidSchema }),
    datas: z.object({ list: z.array(ProductSchema) }),
    session: "user",
    tag: TAG,
    summary: "套餐与公证套餐价格表（含限时优惠的日期与此刻价格）",
  }),
  publicPrices: endpoint({
    method: "GET",
    path: "/common/v2/publicProductPrices",
    input: z.object({}),
    datas: z.object({ list: z.array(ProductSchema) }),
    session: "tokenless",
    tag: TAG,
    summary: "公开价格表：活动页与指南页展示的套餐与公证套餐价格（含限时优惠的日期与此刻价格），无需登录",
  }),
  purchase: endpoint({
    method: "POST",
    path: "/personal/v2/purchasePackage",
    input: z.object({
      uid: UidSchema,
      productCode: ProductCodeSchema,
      quantity: z.coerce.number({ error: PURCHASE_MESSAGES.quantity }).int(PURCHASE_MESSAGES.quantity).min(1, PURCHASE_MESSAGES.quantity).max(PURCHASE_MAX_QUANTITY, PURCHASE_MESSAGES.quantity),
      attemptId: z.string({ error: PURCHASE_MESSAGES.attempt }).regex(/^[A-Za-z0-9-]{8,64}$/, PURCHASE_MESSAGES.attempt).describe("每次购买尝试的唯一编号：重复提交同一编号只扣款一次"),
    }),
    datas: PurchaseResultSchema,
    session: "user",
    tag: TAG,
    summary: "用余额购买套餐或公证套餐：301 可用余额不足，305 子账号不能购买，309 套餐不存在或暂未开售；同一 attemptId 只扣款一次；不可退款",
  }),
  myPackages: endpoint({
    method: "GET",
    path: "/personal/v2/myPackages",
    input: z.object({ uid: UidSchema }),
    datas: z.object({ packages: z.array(OwnedPackageSchema), bundles: z.array(OwnedBundleSchema) }),
    session: "user",
    tag: TAG,
    summary: "我的套餐：保全套餐剩余次数，公证套餐的状态（可用、已冻结、已使用、已过期）与有效期",
  }),
};
