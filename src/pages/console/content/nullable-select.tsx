import { Select, type SelectProps } from "antd";

/** A clearable choice whose "nothing chosen" is null, as the contract's nullable fields hold it (antd clears to undefined). */
export function NullableSelect<V extends string | number>({ value, onChange, ...props }: Omit<SelectProps<V | null>, "onChange"> & { onChange?: (value: V | null) => void }) {
  return <Select<V | null> {...props} allowClear value={value ?? null} onChange={(next) => onChange?.(next ?? null)} />;
}
