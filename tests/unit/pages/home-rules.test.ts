import { describe, expect, it } from "vitest";
import { backgroundPositionOf, bannerLayoutOf } from "../../../src/pages/home/banner-layout";
import { chainViewState } from "../../../src/pages/home/chain-view-state";
import { PARTNER_MARKS, partnerMark } from "../../../src/pages/home/partner-marks";
import { sceneIndexAt, sceneWheelAngle, segmentCentreAngle, stepTowards } from "../../../src/pages/home/scene-wheel-geometry";
import { SCENES } from "../../../src/pages/home/scenes";
import { tickerItems } from "../../../src/pages/home/ticker-items";
import { PARTNER_LOGO_COUNT, SCENE_WHEEL } from "../../../src/schema/constants";

describe("the news ticker list (spec §9: duplicated when fewer than 3)", () => {
  it.each([
    [[], []],
    [["a"], ["a", "a"]],
    [["a", "b"], ["a", "b", "a", "b"]],
    [["a", "b", "c"], ["a", "b", "c"]],
    [["a", "b", "c", "d", "e", "f"], ["a", "b", "c", "d", "e", "f"]],
  ])("%j → %j", (items, expected) => {
    expect(tickerItems(items)).toEqual(expected);
  });
});

describe("the scene wheel (spec §9: 8 segments of 45° from 69°)", () => {
  it("advertises the eight scenarios of spec §1 in order, one per segment", () => {
    expect(SCENES.map((scene) => scene.name)).toEqual(["知识产权保护", "版权保护", "行政执法", "电子取证", "企业数据确权", "品牌保护", "网络交易保全", "电商打假"]);
    expect(SCENES).toHaveLength(SCENE_WHEEL.segments);
  });

  it.each([
    [0, 69, 0],
    [1, 114, 1],
    [7, 384, 7],
    [8, 429, 0],
    [9, 474, 1],
  ])("step %i: the highlight is at %i° on scene %i", (step, angle, index) => {
    expect(sceneWheelAngle(step)).toBe(angle);
    expect(sceneIndexAt(step)).toBe(index);
    expect((sceneWheelAngle(step) - segmentCentreAngle(sceneIndexAt(step))) % 360).toBe(0);
  });

  it.each([
    [0, 0, 0],
    [0, 7, 7],
    [3, 1, 9],
    [10, 2, 10],
  ])("from step %i a click on scene %i turns forward to step %i", (step, index, expected) => {
    expect(stepTowards(step, index)).toBe(expected);
  });
});

describe("the chain panel's state", () => {
  it.each([
    ["loading", undefined, null, true, "loading"],
    ["no block yet", { blockHeight: 0, peerCount: 1, txCount: 0 }, null, false, "empty"],
    ["another failure", undefined, { message: "网络错误", statusCode: 500 }, false, "unavailable"],
    ["blocks", { blockHeight: 3, peerCount: 2, txCount: 10 }, null, false, "live"],
    ["blocks under the other name", { blockNum: 3, txCount: 10 }, null, false, "live"],
  ] as const)("%s → %s", (_name, data, error, isLoading, kind) => {
    expect(chainViewState(data, error, isLoading).kind).toBe(kind);
  });

  it("counts the node list when peerCount is absent (spec §3)", () => {
    const state = chainViewState({ blockNum: 2, txCount: 5, nodeList: [{ name: "账本", status: 1 }, { name: "见证者", status: 0 }] }, null, false);
    expect(state).toMatchObject({ kind: "live", blockHeight: 2, peerCount: 2, txCount: 5 });
  });
});

describe("banner templates", () => {
  it("draws each template of the seed and of spec §3 its own way", () => {
    const layouts = ([1, 2, 3, 5, 7, 8] as const).map(bannerLayoutOf);
    expect(layouts).toEqual(["left", "center", "features", "card", "image", "right"]);
    expect(bannerLayoutOf(4)).toBe("left");
  });

  it("keeps the right part of each picture in view beside the login panel", () => {
    expect(backgroundPositionOf("image", true)).toBe("20% center");
    expect(backgroundPositionOf("center", true)).toBe("80% center");
    expect(backgroundPositionOf("center", false)).toBe("center");
  });
});

describe("the partner wall's placeholder logos", () => {
  it("are 64 invented, numbered names, the same on every visit", () => {
    expect(PARTNER_MARKS).toHaveLength(PARTNER_LOGO_COUNT);
    expect(PARTNER_MARKS[0].name).toBe("示例机构 01");
    expect(PARTNER_MARKS[63].name).toBe("示例机构 64");
    expect(new Set(PARTNER_MARKS.map((mark) => mark.name)).size).toBe(64);
    expect(partnerMark(17)).toEqual(PARTNER_MARKS[17]);
  });

  it("never give two neighbours on the eight-wide wall the same shape, nor a mark one colour", () => {
    for (let index = 0; index < PARTNER_MARKS.length; index += 1) {
      const mark = PARTNER_MARKS[index];
      expect(mark.accent).not.toBe(mark.primary);
      if (index % 8 !== 7) expect(PARTNER_MARKS[index + 1].shape).not.toBe(mark.shape);
      if (index + 8 < PARTNER_MARKS.length) expect(PARTNER_MARKS[index + 8].shape).not.toBe(mark.shape);
    }
  });
});
