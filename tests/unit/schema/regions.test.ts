import { describe, expect, it } from "vitest";
import { findRegionPath, getRegionTree, RegionSelectionSchema } from "../../../src/schema/regions";
import { issuesOf } from "./first-issue";

describe("region tree", () => {
  const tree = getRegionTree();

  it("covers 34 provinces including Taiwan, Hong Kong and Macau, in code order", () => {
    expect(tree).toHaveLength(34);
    expect(tree[0]).toMatchObject({ id: "110000", name: "北京市" });
    expect(tree.slice(-3).map((p) => `${p.id}${p.name}`)).toEqual([
      "710000台湾省",
      "810000香港特别行政区",
      "820000澳门特别行政区",
    ]);
    expect(tree.find((p) => p.id === "450000")?.name).toBe("广西壮族自治区");
  });

  it("gives every province a city and every city a district, with matching code prefixes", () => {
    for (const province of tree) {
      expect(province.city.length, province.name).toBeGreaterThan(0);
      for (const city of province.city) {
        expect(city.id.slice(0, 2)).toBe(province.id.slice(0, 2));
        expect(city.district.length, city.name).toBeGreaterThan(0);
        for (const district of city.district) expect(district.id.slice(0, 4)).toBe(city.id.slice(0, 4));
      }
    }
  });

  it("is built once", () => {
    expect(getRegionTree()).toBe(tree);
  });
});

describe("findRegionPath", () => {
  it.each([
    ["110105", "北京市", "北京市", "朝阳区"],
    ["440305", "广东省", "深圳市", "南山区"],
    ["441901", "广东省", "东莞市", "中堂镇"],
    ["429004", "湖北省", "省直辖县", "仙桃市"],
    ["810301", "香港特别行政区", "新界", "北区"],
    ["710101", "台湾省", "台北市", "中正区"],
  ])("%s → %s %s %s", (districtId, province, city, district) => {
    const path = findRegionPath(districtId);
    expect([path?.province.name, path?.city.name, path?.district.name]).toEqual([province, city, district]);
  });

  it.each(["", "110000", "110100", "999999"])("%j is not a district", (id) => {
    expect(findRegionPath(id)).toBeNull();
  });
});

describe("RegionSelectionSchema", () => {
  it.each([
    [{ province: "440000", city: "440300", district: "440305" }, []],
    [{ province: "110000", city: "110100", district: "110101" }, []],
    [{ province: "440000", city: "440100", district: "440305" }, ["district: 请选择正确的省市区"]],
    [{ province: "110000", city: "440300", district: "440305" }, ["district: 请选择正确的省市区"]],
    [{ province: "440000", city: "440300", district: "440399" }, ["district: 请选择正确的省市区"]],
    [
      { province: "", city: "", district: "" },
      ["province: 请选择省份", "city: 请选择城市", "district: 请选择区县"],
    ],
    [{}, ["province: 请选择省份", "city: 请选择城市", "district: 请选择区县"]],
  ])("%j → %j", (value, issues) => {
    expect(issuesOf(RegionSelectionSchema, value)).toEqual(issues);
  });
});
