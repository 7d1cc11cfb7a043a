import { z } from "zod";
import { EVIDENCE_TYPE, EvidenceTypeIdSchema, evidenceTypeName } from "./lists";

/**
 * Notarisation bundles (spec §3, §4, §9): one notarisation plus 10, 30 or 50 snapshot evidences.
 * Valid 90 days from purchase; no purchase limit, quantities accumulate; non-refundable.
 */

export const BUNDLE_VALID_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PromotionState = "upcoming" | "running" | "ended";
export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = { upcoming: "尚未开始", running: "进行中", ended: "已结束" };

/**
 * The snapshot allowances a bundle comes in, a rule of the bundle use below. Prices, and the launch
 * promotion of spec §9, live in the price table (product_prices, seeded by migration 0021) and reach
 * the pages through the price-list calls of purchase.ts.
 */
export const BUNDLE_SNAPSHOT_LIMITS = [10, 30, 50] as const;

/** A bundle is identified by its snapshot allowance. */
export const BundleSizeSchema = z.literal(BUNDLE_SNAPSHOT_LIMITS, { error: "请选择公证套餐" });
export type BundleSize = z.infer<typeof BundleSizeSchema>;

/**
 * Lifecycle (spec §4): active for 90 days, frozen while an online notarisation application uses
 * it, active again on rejection or cancellation before review, consumed on approval, expired
 * after the 90 days.
 */
export const BundleStatusSchema = z.enum(["active", "frozen", "consumed", "expired"]);
export type BundleStatus = z.infer<typeof BundleStatusSchema>;

export function bundleExpiresAt(purchasedAtMs: number): number {
  return purchasedAtMs + BUNDLE_VALID_DAYS * DAY_MS;
}

// ---- Using a bundle for a notarisation application ----

export const BUNDLE_USE_MESSAGE = {
  noEvidence: "请选择要公证的证据",
  snapshotsOnly: `公证套餐仅适用于${evidenceTypeName(EVIDENCE_TYPE.snapshot)}证据`,
  tooMany: (limit: number) => `所选快照数量超过套餐上限（${limit}条）`,
  singlePage: "每条快照仅限一个网页",
} as const;

/** An evidence chosen for the application; `pageCount` is how many web pages it captured. */
export const BundleEvidenceSchema = z.object({
  evidenceType: EvidenceTypeIdSchema,
  pageCount: z.number().int().nonnegative(),
});
export type BundleEvidence = z.infer<typeof BundleEvidenceSchema>;

/** Why these evidences cannot use the bundle, or null when they can. */
export function checkBundleUse(size: BundleSize, evidences: readonly BundleEvidence[]): string | null {
  if (evidences.length === 0) return BUNDLE_USE_MESSAGE.noEvidence;
  if (evidences.some((evidence) => evidence.evidenceType !== EVIDENCE_TYPE.snapshot)) {
    return BUNDLE_USE_MESSAGE.snapshotsOnly;
  }
  if (evidences.length > size) return BUNDLE_USE_MESSAGE.tooMany(size);
  if (evidences.some((evidence) => evidence.pageCount !== 1)) return BUNDLE_USE_MESSAGE.singlePage;
  return null;
}

export const BundleUseSchema = z
  .object({ bundleSize: BundleSizeSchema, evidences: z.array(BundleEvidenceSchema) })
  .superRefine(({ bundleSize, evidences }, ctx) => {
    const message = checkBundleUse(bundleSize, evidences);
    if (message) ctx.addIssue({ code: "custom", path: ["evidences"], message });
  });
export type BundleUse = z.infer<typeof BundleUseSchema>;
