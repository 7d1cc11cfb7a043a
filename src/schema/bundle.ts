import { z } from "zod";
import { EVIDENCE_TYPE, EvidenceTypeIdSchema, evidenceTypeName } from "./lists";
import { shanghaiDateKey, type Instant } from "./shanghai-time";

/**
 * Notarisation bundles (spec §3, §4, §9): one notarisation plus 10, 30 or 50 snapshot evidences,
 * prices in integer fen. Valid 90 days from purchase; no purchase limit, quantities accumulate;
 * non-refundable.
 */

export const BUNDLE_VALID_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The launch promotion of spec §9, the one place its figures live: its name and period (inclusive
 * Shanghai dates); each bundle's promotion price is below. Outside the period a bundle costs its
 * regular price.
 */
export const BUNDLE_PROMOTION = { name: "首发优惠", start: "2017-09-15", end: "2017-11-15" } as const;

export type PromotionState = "upcoming" | "running" | "ended";
export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = { upcoming: "尚未开始", running: "进行中", ended: "已结束" };

export function isInBundlePromotion(time: Instant): boolean {
  const day = shanghaiDateKey(time);
  return day !== "" && day >= BUNDLE_PROMOTION.start && day <= BUNDLE_PROMOTION.end;
}

export function bundlePromotionState(time: Instant): PromotionState {
  if (isInBundlePromotion(time)) return "running";
  return shanghaiDateKey(time) > BUNDLE_PROMOTION.end ? "ended" : "upcoming";
}

export const NOTARISATION_BUNDLES = [
  { snapshotLimit: 10, notarisations: 1, promotionPriceFen: 150_000, regularPriceFen: 280_000 },
  { snapshotLimit: 30, notarisations: 1, promotionPriceFen: 350_000, regularPriceFen: 500_000 },
  { snapshotLimit: 50, notarisations: 1, promotionPriceFen: 550_000, regularPriceFen: 800_000 },
] as const;
export type NotarisationBundle = (typeof NOTARISATION_BUNDLES)[number];

/** What a bundle costs at `time`: the promotion price while the promotion runs, else the regular price. */
export function bundlePriceFen(bundle: NotarisationBundle, time: Instant): number {
  return isInBundlePromotion(time) ? bundle.promotionPriceFen : bundle.regularPriceFen;
}

/** A bundle is identified by its snapshot allowance. */
export const BundleSizeSchema = z.literal(
  NOTARISATION_BUNDLES.map((bundle) => bundle.snapshotLimit),
  { error: "请选择公证套餐" },
);
export type BundleSize = z.infer<typeof BundleSizeSchema>;

export function findBundle(size: number): NotarisationBundle | undefined {
  return NOTARISATION_BUNDLES.find((bundle) => bundle.snapshotLimit === size);
}

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
