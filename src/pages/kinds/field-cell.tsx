import type { ProColumns } from "@ant-design/pro-components";
import { Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { formatFieldValue, type FieldDescription } from "../../resources/field-meta";
import type { CellRenderer, ListRecord } from "../../resources/types";

const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 13 } as const;

/** One value as a list cell shows it: its formatted text, drawn as its metadata says (tag, copy button, one line). */
export function FieldCell({ field, value }: { field: FieldDescription; value: unknown }) {
  const { display } = field;
  const text = formatFieldValue(field, value) || display.empty || "";
  const colour = display.colors?.[String(value)];
  if (colour) return <Tag color={colour}>{text}</Tag>;
  if (!display.copyable && !display.ellipsis && !display.mono) return <>{text}</>;
  return (
    <Typography.Text
      copyable={display.copyable && text !== ""}
      ellipsis={display.ellipsis}
      style={{ ...(display.ellipsis ? { maxWidth: 240 } : {}), ...(display.mono ? { ...MONO, whiteSpace: "nowrap" } : {}) }}
    >
      {text}
    </Typography.Text>
  );
}

/** A table column per field, labelled from the schema; a section's cell renderer draws its own fields. */
export function fieldColumns(fields: readonly FieldDescription[], cells: Readonly<Record<string, CellRenderer>> = {}): ProColumns<ListRecord>[] {
  return fields.map((field) => ({
    key: field.name,
    title: field.label,
    dataIndex: field.name,
    render: (_dom: ReactNode, record: ListRecord) => {
      const value = record[field.name];
      const text = <FieldCell field={field} value={value} />;
      const cell = cells[field.name];
      return cell ? cell(value, record, text) : text;
    },
  }));
}
