import { describe, expect, it } from "vitest";
import {
  BUNDLE_VALID_DAYS,
  bundleExpiresAt,
  BundleSizeSchema,
  BundleUseSchema,
  checkBundleUse,
  BUNDLE_SNAPSHOT_LIMITS,
  type BundleEvidence,
} from "../../../src/schema/bundle";
import { EVIDENCE_TYPE } from "../../../src/schema/lists";
import { firstMessage, issuesOf } from "./first-issue";

const snapshot = (pageCount = 1): BundleEvidence => ({ evidenceType: EVIDENCE_TYPE.snapshot, pageCount });
const snapshots = (count: number) => Array.from({ length: count }, () => snapshot());

describe("notarisation bundles", () => {
  it("come with 10, 30 or 50 snapshots and no other size", () => {
    expect(BUNDLE_SNAPSHOT_LIMITS).toEqual([10, 30, 50]);
    expect(BundleSizeSchema.parse(30)).toBe(30);
    expect(firstMessage(BundleSizeSchema, 20)).toBe("请选择公证套餐");
  });

  it("is valid 90 days from purchase", () => {
    expect(BUNDLE_VALID_DAYS).toBe(90);
    expect(bundleExpiresAt(Date.UTC(2017, 8, 15))).toBe(Date.UTC(2017, 11, 14));
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
