import { Descriptions, type DescriptionsProps } from "antd";

/**
 * Facts as a reader checks them, one per line with its label beside it: a capture's provenance, a
 * recording's overview and environment.
 */
export function FactList({ items, labelWidth = 140 }: { items: DescriptionsProps["items"]; labelWidth?: number }) {
  return <Descriptions bordered size="small" column={1} labelStyle={{ width: labelWidth, whiteSpace: "nowrap" }} items={items} />;
}
