import { areaList } from "@vant/area-data";
import { z } from "zod";

/**
 * The China region tree in the spec's shape (§3), built from @vant/area-data (MIT): 34
 * provinces including 台湾省 710000, 香港 810000 and 澳门 820000. Ids are the 6-digit
 * administrative codes as strings; a city's code shares its first 4 digits with its districts,
 * a province's its first 2 with its cities. Municipalities appear as province → one city of the
 * same name (北京市 → 北京市 → 东城区 …), as in the source data.
 */

export interface District {
  id: string;
  name: string;
}
export interface City {
  id: string;
  name: string;
  district: District[];
}
export interface Province {
  id: string;
  name: string;
  city: City[];
}
export interface RegionPath {
  province: Province;
  city: City;
  district: District;
}

interface RegionIndex {
  tree: Province[];
  byDistrictId: Map<string, RegionPath>;
}

let index: RegionIndex | undefined;

/** Groups entries by the code prefix they share with their parent. Integer-like keys iterate in numeric order. */
function childrenByPrefix(list: Record<string, string>, prefixLength: number): Map<string, District[]> {
  const groups = new Map<string, District[]>();
  for (const [id, name] of Object.entries(list)) {
    const prefix = id.slice(0, prefixLength);
    const group = groups.get(prefix);
    if (group) group.push({ id, name });
    else groups.set(prefix, [{ id, name }]);
  }
  return groups;
}

/** Built on first use only: about 3900 entries that most pages never need. */
function buildIndex(): RegionIndex {
  const citiesOf = childrenByPrefix(areaList.city_list, 2);
  const districtsOf = childrenByPrefix(areaList.county_list, 4);
  const byDistrictId = new Map<string, RegionPath>();
  const tree = Object.entries(areaList.province_list).map(([id, name]) => {
    const province: Province = { id, name, city: [] };
    for (const { id: cityId, name: cityName } of citiesOf.get(id.slice(0, 2)) ?? []) {
      // A city without subdivisions in the data (none today; prefecture-level cities such as
      // 东莞 and 中山 list their towns) becomes its own single district, so that every form
      // still asks for the same three levels and every stored triple has three real ids.
      const districts = districtsOf.get(cityId.slice(0, 4)) ?? [{ id: cityId, name: cityName }];
      const city: City = { id: cityId, name: cityName, district: districts };
      province.city.push(city);
      for (const district of districts) byDistrictId.set(district.id, { province, city, district });
    }
    return province;
  });
  return { tree, byDistrictId };
}

function regionIndex(): RegionIndex {
  index ??= buildIndex();
  return index;
}

/** The whole tree, shared: treat it as read-only. */
export function getRegionTree(): readonly Province[] {
  return regionIndex().tree;
}

export function findRegionPath(districtId: string): RegionPath | null {
  return regionIndex().byDistrictId.get(districtId) ?? null;
}

export const REGION_MESSAGE = {
  province: "请选择省份",
  city: "请选择城市",
  district: "请选择区县",
  mismatch: "请选择正确的省市区",
} as const;

/**
 * A province/city/district triple that exists and belongs together. The required checks abort,
 * so an empty field is not reported a second time as a mismatch; the match is checked whenever the
 * three are there, even beside another field's error (updateProfile's body adds industryId).
 */
export const RegionSelectionSchema = z
  .object({
    province: z.string({ error: REGION_MESSAGE.province }).min(1, { error: REGION_MESSAGE.province, abort: true }),
    city: z.string({ error: REGION_MESSAGE.city }).min(1, { error: REGION_MESSAGE.city, abort: true }),
    district: z.string({ error: REGION_MESSAGE.district }).min(1, { error: REGION_MESSAGE.district, abort: true }),
  })
  .superRefine(
    ({ province, city, district }, ctx) => {
      const path = findRegionPath(district);
      if (!path || path.city.id !== city || path.province.id !== province) {
        ctx.addIssue({ code: "custom", path: ["district"], message: REGION_MESSAGE.mismatch });
      }
    },
    { when: ({ value }) => hasThreeParts(value) },
  );
export type RegionSelection = z.infer<typeof RegionSelectionSchema>;

function hasThreeParts(value: unknown): boolean {
  const parts = value as Record<string, unknown> | null;
  return ["province", "city", "district"].every((name) => typeof parts?.[name] === "string" && parts[name] !== "");
}
