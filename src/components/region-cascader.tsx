import { Cascader } from "antd";
import { useMemo } from "react";
import { getRegionTree, type RegionSelection } from "../schema/regions";

type RegionOption = { value: string; label: string; children?: RegionOption[] };

/** The province → city → district cascader over src/schema/regions.ts, valued as the three codes the server checks. */
export function RegionCascader({ id, value, onChange }: { id?: string; value: RegionSelection; onChange: (value: RegionSelection) => void }) {
  const options = useMemo(toRegionOptions, []);
  return (
    <Cascader
      id={id}
      options={options}
      value={value.district ? [value.province, value.city, value.district] : []}
      onChange={(path) => {
        const [province = "", city = "", district = ""] = (path ?? []).map(String);
        onChange({ province, city, district });
      }}
      placeholder="请选择省 / 市 / 区县"
      aria-label="所在地区"
      showSearch
    />
  );
}

function toRegionOptions(): RegionOption[] {
  return getRegionTree().map((province) => ({
    value: province.id,
    label: province.name,
    children: province.city.map((city) => ({
      value: city.id,
      label: city.name,
      children: city.district.map((district) => ({ value: district.id, label: district.name })),
    })),
  }));
}
