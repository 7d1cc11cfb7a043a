import { describe, expect, it } from "vitest";
import {
  BUNDLE_VALID_DAYS,
  bundleExpiresAt,
  bundlePriceFen,
  BundleSizeSchema,
  BundleUseSchema,
  checkBundleUse,
  findBundle,
  isInBundlePromotion,
  NOTARISATION_BUNDLES,
  type BundleEvidence,
} from "../../../src/schema/bundle";
import { EVIDENCE_TYPE } from "../../../src/schema/lists";
import { firstMessage, issuesOf } from "./first-issue";

const snapshot = (pageCount = 1): BundleEvidence => ({ evidenceType: EVIDENCE_TYPE.snapshot, pageCount });
const snapshots = (count: number) => Array.from({ length: count }, () => snapshot());

describe("notarisation bundles", () => {
  it.each([
    [10, 150_000, 280_000],
    [30, 350_000, 500_000],
    [50, 550_000, 800_000],
  ])("1 notarisation + %i snapshots costs %i fen in the promotion, %i fen otherwise", (size, promotion, regular) => {
    expect(findBundle(size)).toEqual({ snapshotLimit: size, notarisations: 1, promotionPriceFen: promotion, regularPriceFen: regular });
    expect(bundlePriceFen(findBundle(size)!, Date.UTC(2017, 9, 1))).toBe(promotion);
    expect(bundlePriceFen(findBundle(size)!, Date.UTC(2026, 0, 1))).toBe(regular);
  });

  it("has exactly three bundles and no other size", () => {
    expect(NOTARISATION_BUNDLES).toHaveLength(3);
    expect(findBundle(20)).toBeUndefined();
    expect(firstMessage(BundleSizeSchema, 20)).toBe("请选择公证套餐");
  });

  it("is valid 90 days from purchase", () => {
    expect(BUNDLE_VALID_DAYS).toBe(90);
    expect(bundleExpiresAt(Date.UTC(2017, 8, 15))).toBe(Date.UTC(2017, 11, 14));
  });

  it.each([
    [Date.UTC(2017, 8, 14, 16), true], // 2017-09-15 00:00 in Shanghai
    [Date.UTC(2017, 8, 14, 15, 59), false],
    [Date.UTC(2017, 10, 15, 15, 59), true], // 2017-11-15 23:59 in Shanghai
    [Date.UTC(2017, 10, 15, 16), false],
    [Number.NaN, false],
  ])("promotion at %s → %s", (time, expected) => {
    expect(isInBundlePromotion(time)).toBe(expected);
  });
});

describe("checkBundleUse", () => {
  it.each([
    [10, snapshots(1), null],
    [10, snapshots(10), null],
    [30, snapshots(30), null],
    [50, snapshots(50), null],
    [10, [], "请选择要公证的证据"],
    [10, snapshots(11), "所选快照数量超过套餐上限（10条）"],
    [30, snapshots(31), "所选快照数量超过套餐上限（30条）"],
    [50, snapshots(51), "所选快照数量超过套餐上限（50条）"],
    [10, [snapshot(), { evidenceType: EVIDENCE_TYPE.screenRecord, pageCount: 1 }], "公证套餐仅适用于快照证据"],
    [10, [snapshot(2)], "每条快照仅限一个网页"],
    [10, [snapshot(0)], "每条快照仅限一个网页"],
  ] as const)("bundle %i with %j → %s", (size, evidences, message) => {
    expect(checkBundleUse(size, evidences)).toBe(message);
  });
});

describe("BundleUseSchema", () => {
  it.each([
    [{ bundleSize: 30, evidences: snapshots(2) }, []],
    [{ bundleSize: 10, evidences: snapshots(11) }, ["evidences: 所选快照数量超过套餐上限（10条）"]],
    [{ bundleSize: 10, evidences: [{ evidenceType: 9, pageCount: 1 }] }, ["evidences.0.evidenceType: 请选择证据类型"]],
  ])("%j → %j", (value, issues) => {
    expect(issuesOf(BundleUseSchema, value)).toEqual(issues);
  });
});
