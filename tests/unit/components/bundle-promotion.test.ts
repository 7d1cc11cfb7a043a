import { describe, expect, it } from "vitest";
import { bundleName, bundlePriceTexts, promotionNote, promotionPeriodText } from "../../../src/components/pricing/bundle-promotion.js";
import { promotionState } from "../../../src/schema/purchase.js";
import { SEEDED_BUNDLES } from "../../fixtures/bundle-prices.js";

const at = (time: string) => Date.parse(time);
const bundle = SEEDED_BUNDLES[0]!;
const promotion = bundle.promotion!;

describe("the notarisation bundle promotion period (2017-09-15 .. 2017-11-15, Shanghai dates)", () => {
  it.each([
    ["2017-09-14T23:59:59+08:00", "upcoming"],
    ["2017-09-15T00:00:00+08:00", "running"],
    ["2017-11-15T23:59:59+08:00", "running"],
    ["2017-11-16T00:00:00+08:00", "ended"],
    ["2026-11-22T10:00:00+08:00", "ended"],
  ])("%s is %s", (time, state) => {
    expect(promotionState(promotion, at(time))).toBe(state);
  });

  it("is shown as past today, with the article date format", () => {
    expect(promotionPeriodText(promotion, at("2026-11-22T10:00:00+08:00"))).toBe("首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）");
  });

  it.each([
    ["2017-10-01T12:00:00+08:00", "首发优惠进行中（2017年09月15日至2017年11月15日，北京时间）：以下为活动价，划线价为原价。"],
    ["2017-09-01T12:00:00+08:00", "首发优惠（2017年09月15日至2017年11月15日）尚未开始：以下为原价。"],
    ["2026-11-22T10:00:00+08:00", "首发优惠（2017年09月15日至2017年11月15日）已结束：以下为原价。"],
  ])("at %s the prices are explained as: %s", (time, note) => {
    expect(promotionNote(promotion, at(time))).toBe(note);
  });
});

describe("a bundle's price at a time", () => {
  it("is named by its contents", () => {
    expect(bundleName(bundle)).toBe("1次公证 + 10条网页快照");
  });
  it("is the promotion price with the regular one struck through while the promotion runs", () => {
    expect(bundlePriceTexts(bundle, at("2017-11-15T23:59:59+08:00"))).toEqual({ price: "1,500", struckRegular: "2,800" });
  });
  it.each(["2017-09-14T23:59:59+08:00", "2017-11-16T00:00:00+08:00", "2026-11-22T10:00:00+08:00"])("is the regular price alone at %s", (time) => {
    expect(bundlePriceTexts(bundle, at(time))).toEqual({ price: "2,800", struckRegular: null });
  });
  it("is no price for a product not priced yet", () => {
    expect(bundlePriceTexts({ regularPriceFen: null, promotion: null }, at("2026-11-22T10:00:00+08:00"))).toEqual({ price: null, struckRegular: null });
  });
});
